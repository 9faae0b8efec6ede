/**
 * A message's Mailpit tags as chips (from its X-Tags header and plus-addresses, or PUT /api/v1/tags): in the inbox's
 * rows and the message's header. The search finds them with tag:.
 */
export function TagChips({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="tag-chips">
      {tags.map((tag) => (
        <span key={tag} className="badge tag-chip" title={`Tagged “${tag}” (search: tag:${quoted(tag)})`}>
          {tag}
        </span>
      ))}
    </span>
  );
}

/** The tag as a search term writes it: in double quotes when it has a space. */
function quoted(tag: string): string {
  return tag.includes(' ') ? `"${tag}"` : tag;
}
