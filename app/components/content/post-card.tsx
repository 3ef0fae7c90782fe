import { Link } from "@remix-run/react";
import { formatContentDate } from "~/domain/content/content";

export interface PostCardData {
  id: number;
  title: string;
  url: string;
  description: string;
  publishedAt: string;
  author: string;
  topic: { id: number; title: string; url: string };
}

export function PostMeta({ post }: { post: Pick<PostCardData, "publishedAt" | "author" | "topic"> }) {
  return (
    <p className="text-sm text-slate-600">
      <time dateTime={post.publishedAt}>{formatContentDate(post.publishedAt)}</time>
      {post.author ? <> · {post.author}</> : null} ·{" "}
      <Link to={post.topic.url} className="text-brand-700 underline underline-offset-2">
        {post.topic.title}
      </Link>
    </p>
  );
}

export function PostCard({ post, headingLevel = 2 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="border-b border-slate-200 py-6 last:border-b-0">
      <Heading className="text-xl font-semibold">
        <Link to={post.url} className="hover:text-brand-700 hover:underline">
          {post.title}
        </Link>
      </Heading>
      <div className="mt-1">
        <PostMeta post={post} />
      </div>
      <p className="mt-2 text-slate-700">{post.description}</p>
    </article>
  );
}
