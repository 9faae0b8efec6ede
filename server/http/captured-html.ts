/** The headers every captured HTML body is served with, by the inbox and by Mailcoach's public webview alike. */
/**
 * Captured HTML is the sender's, and may hold anything: opened directly or in the UI's frame, it runs no script
 * (a sandbox without allow-scripts, and no script source), cannot submit forms or navigate the UI, and can only be
 * framed by the UI. allow-same-origin lets the UI bind its keyboard shortcuts inside the frame's document: safe
 * without allow-scripts, since nothing in the frame can run to use it. Links open in a new tab (allow-popups), as
 * the user clicks them, outside the sandbox.
 */
export const CAPTURED_HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox; script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
