/** Which placeholders the render left unreplaced, and which replacements no placeholder used. */
import type { TemplateRender } from '../../../server/testing/client.js';

export function ReplacementReport({ render }: { render: TemplateRender }) {
  if (render.unused_replacements.length === 0 && render.unreplaced_placeholders.length === 0) {
    return <p className="muted report">Every placeholder is replaced, and every replacement is used.</p>;
  }
  return (
    <dl className="report">
      {render.unreplaced_placeholders.length > 0 && (
        <>
          <dt>Placeholders left unreplaced</dt>
          <dd>
            {render.unreplaced_placeholders.map((key) => (
              <code key={key}>{key}</code>
            ))}
          </dd>
        </>
      )}
      {render.unused_replacements.length > 0 && (
        <>
          <dt>Replacements no placeholder uses</dt>
          <dd>
            {render.unused_replacements.map((key) => (
              <code key={key}>{key}</code>
            ))}
          </dd>
        </>
      )}
    </dl>
  );
}
