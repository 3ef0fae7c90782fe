/** The "Content" paths: FAQ, blog, newsletter, documents by e-mail and the contact form. */
import { API_PATHS } from "../api-paths";
import { DOCUMENTS } from "../../content/documents";
import * as account from "../../api-contract/account";
import * as content from "../../api-contract/content";
import { z } from "../../api-contract/zod";
import type { ApiOperation, RegisterPaths } from "./operation";
import { BODY_ERRORS, json } from "./shared";

const contentOps: ApiOperation[] = [
  {
    id: "faqList",
    method: "get",
    path: API_PATHS.faqList,
    tag: "Content",
    summary: "FAQ list",
    access: "none",
    query: z.object({
      category: z.string().max(100).optional().openapi({ description: "Only the questions of this category." }),
    }),
    response: { schema: content.FaqListResponse, description: "Every published question, with a count." },
    errors: [400],
  },
  {
    id: "faqItem",
    method: "get",
    path: API_PATHS.faqItem("{id}"),
    tag: "Content",
    summary: "FAQ item",
    access: "none",
    response: { schema: content.FaqItem, description: "One question and its answer." },
    errors: [404],
  },
  {
    id: "blogList",
    method: "get",
    path: API_PATHS.blogList,
    tag: "Content",
    summary: "Blog posts",
    access: "none",
    query: z.object({
      page: z.number().int().min(1).optional().openapi({ description: "Page number (default 1).", example: 1 }),
      page_size: z
        .number()
        .int()
        .min(1)
        .max(100)
        .optional()
        .openapi({ description: "Posts per page (default 10).", example: 10 }),
      topic: z.number().int().min(1).optional().openapi({ description: "Topic id." }),
    }),
    response: {
      schema: content.BlogListResponse,
      description: "Published posts, newest first, with next and previous page URLs.",
    },
    errors: [400, 404],
  },
  {
    id: "blogItem",
    method: "get",
    path: API_PATHS.blogItem("{id}"),
    tag: "Content",
    summary: "Blog post",
    access: "none",
    response: { schema: content.BlogPostResponse, description: "One published post with its HTML body." },
    errors: [404],
  },
  {
    id: "blogTopics",
    method: "get",
    path: API_PATHS.blogTopics,
    tag: "Content",
    summary: "Blog topics",
    access: "none",
    response: { schema: content.BlogTopicsResponse, description: "Topics with a count." },
    errors: [],
  },
  {
    id: "newsletterSubscribe",
    method: "post",
    path: API_PATHS.newsletterSubscribe,
    tag: "Content",
    summary: "Subscribe to the newsletter (double opt-in)",
    description:
      "Sends an e-mail with a confirmation link; the subscription counts once the link is opened. Re-subscribing an unconfirmed address sends a new link.",
    access: "none",
    body: json(content.NewsletterBody),
    response: { schema: content.MessageResponse, description: "What happens next, in words." },
    formRedirect: true,
    errors: [...BODY_ERRORS, 429],
    errorBodies: { 400: content.NewsletterErrorBody },
  },
  {
    id: "getEmailList",
    method: "get",
    path: API_PATHS.getEmail,
    tag: "Content",
    summary: "Documents that can be requested by e-mail",
    access: "none",
    response: { schema: account.DocumentsListResponse, description: "Documents: name and id." },
    errors: [],
  },
  {
    id: "getEmailSend",
    method: "post",
    path: API_PATHS.getEmail,
    tag: "Content",
    summary: "E-mail a document as a PDF attachment",
    access: "none",
    query: z.object({
      document_id: z
        .enum(DOCUMENTS.map((d) => d.id) as [string, ...string[]])
        .openapi({ description: "Document id from the list.", example: "methodology" }),
    }),
    body: json(content.EmailBody),
    response: { schema: content.SuccessResponse, description: "The document is on its way." },
    formRedirect: true,
    errors: [...BODY_ERRORS, 404, 429],
  },
  {
    id: "contact",
    method: "post",
    path: API_PATHS.contact,
    tag: "Content",
    summary: "Send a message to the team",
    access: "none",
    body: json(content.ContactBody),
    response: { schema: content.ContactResponse, description: "The message was stored and sent." },
    errors: [...BODY_ERRORS, 429],
  },
];

export const registerContentPaths: RegisterPaths = (add) => add(...contentOps);
