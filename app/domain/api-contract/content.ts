/** Answers and bodies of the public content calls: FAQ, blog, newsletter, contact and document requests. */
import { z, obj } from "./zod";
import { errorCode, errorMark, requestId } from "./common";

const TopicLink = obj({ id: z.number().int(), title: z.string(), url: z.string() });

export const FaqItem = obj({
  id: z.number().int(),
  question: z.string(),
  slug: z.string(),
  url: z.string(),
  category: z.string(),
  answer_html: z.string().openapi({ description: "The answer as sanitised HTML." }),
}).openapi("FaqItem", {
  example: {
    id: 1,
    question: "What do the 1-to-5 risk scores mean?",
    slug: "what-do-the-1-to-5-risk-scores-mean",
    url: "/faq/item/1",
    category: "Scores",
    answer_html: "<p>…</p>",
  },
});

export const FaqListResponse = obj({ count: z.number().int(), results: z.array(FaqItem) }).openapi("FaqListResponse", {
  example: {
    count: 1,
    results: [
      {
        id: 1,
        question: "What do the 1-to-5 risk scores mean?",
        slug: "what-do-the-1-to-5-risk-scores-mean",
        url: "/faq/item/1",
        category: "Scores",
        answer_html: "<p>…</p>",
      },
    ],
  },
});

const postFields = {
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  url: z.string(),
  topic: TopicLink,
  description: z.string(),
  published_at: z.string(),
  author: z.string(),
};
const postExample = {
  id: 1,
  title: "How to Read a 1-to-5 Climate Risk Score",
  slug: "how-to-read-a-1-to-5-climate-risk-score",
  url: "/blog/item/1",
  topic: { id: 1, title: "Climate Science & Scenarios", url: "/blog/climate-science-and-scenarios-1" },
  description: "What the bands mean.",
  published_at: "2026-10-01T00:00:00.000Z",
  author: "Climate team",
};

export const BlogListResponse = obj({
  count: z.number().int(),
  next: z.string().nullable().openapi({ description: "URL of the next page; null on the last." }),
  previous: z.string().nullable(),
  results: z.array(obj(postFields)),
}).openapi("BlogListResponse", {
  example: {
    count: 15,
    next: "https://climate.example.org/api/v1/blog/?page=2",
    previous: null,
    results: [postExample],
  },
});

export const BlogPostResponse = obj({
  ...postFields,
  image_alt: z.string().nullable(),
  updated_at: z.string(),
  html: z.string().openapi({ description: "The post body as sanitised HTML." }),
}).openapi("BlogPostResponse", {
  example: { ...postExample, image_alt: null, updated_at: "2026-10-02T00:00:00.000Z", html: "<p>…</p>" },
});

export const BlogTopicsResponse = obj({ count: z.number().int(), results: z.array(TopicLink) }).openapi(
  "BlogTopicsResponse",
  {
    example: {
      count: 1,
      results: [{ id: 1, title: "Climate Science & Scenarios", url: "/blog/climate-science-and-scenarios-1" }],
    },
  },
);

export const NewsletterBody = z
  .object({ email: z.string().email(), first_name: z.string().optional() })
  .openapi("NewsletterBody", { example: { email: "ada@example.com", first_name: "Ada" } });
export const MessageResponse = obj({ message: z.string() }).openapi("MessageResponse", {
  example: { message: "Thank you! We have sent you an e-mail: click the link in it to confirm your subscription." },
});
/** A newsletter 400 also lists each field's messages under the field's name. */
export const NewsletterErrorBody = obj({
  success: errorMark,
  error: z.string(),
  code: errorCode,
  request_id: requestId,
  field: z.string().optional(),
  message: z.string().optional().openapi({ description: "The same text as error, on a body that could not be read." }),
  email: z.array(z.string()).optional(),
  first_name: z.array(z.string()).optional(),
}).openapi("NewsletterError", {
  example: {
    success: false,
    error: "Invalid Email",
    code: "invalid_request",
    request_id: "3f0c9e0e-8a4b-4b8e-9d55-0b1f1f6f2a71",
    field: "email",
    email: ["Invalid Email"],
  },
});

export const EmailBody = z
  .object({ email: z.string().email() })
  .openapi("EmailBody", { example: { email: "ada@example.com" } });
export const SuccessResponse = obj({ status: z.literal("success") }).openapi("SuccessResponse", {
  example: { status: "success" },
});

export const ContactBody = z
  .object({ message: z.string().min(10), firstname: z.string(), lastname: z.string(), email: z.string().email() })
  .openapi("ContactBody", {
    example: {
      message: "Could we discuss a portfolio of 300 sites?",
      firstname: "Ada",
      lastname: "Lovelace",
      email: "ada@example.com",
    },
  });
export const ContactResponse = obj({ status: z.literal("success"), message: z.string() }).openapi("ContactResponse", {
  example: { status: "success", message: "Message sent" },
});
