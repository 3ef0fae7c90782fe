import { Link } from "@remix-run/react";

export interface TopicNavItem {
  id: number;
  title: string;
  url: string;
  postCount?: number;
}

/** Topic links as plain anchors: they work the same with or without JavaScript. */
export function TopicNav({ topics, currentId }: { topics: TopicNavItem[]; currentId: number | null }) {
  return (
    <nav aria-label="Blog topics">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Topics</h2>
      <ul className="mt-3 space-y-1">
        <li>
          <Link to="/blog" aria-current={currentId === null ? "page" : undefined} className={linkClass(currentId === null)}>
            All articles
          </Link>
        </li>
        {topics.map((topic) => (
          <li key={topic.id}>
            <Link to={topic.url} aria-current={currentId === topic.id ? "page" : undefined} className={linkClass(currentId === topic.id)}>
              {topic.title}
              {topic.postCount !== undefined ? <span className="ml-1 text-slate-500">({topic.postCount})</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function linkClass(active: boolean) {
  return `block rounded px-2 py-1 text-sm ${active ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-50"}`;
}
