/** Small HTML pages of our own (not Mailcoach's). */

/**
 * Real Mailcoach redirects a request without `Accept: application/json` and without a valid token to /login.
 * A developer who follows that redirect here learns why, instead of finding a login form.
 */
export function loginPage(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>mailcoach-emulator: redirected to /login</title></head>
<body>
<h1>Redirected to /login</h1>
<p>Your request to the Mailcoach API was not authenticated and did not send <code>Accept: application/json</code>,
so it was redirected here, exactly as a real Mailcoach server does.</p>
<p>Send <code>Authorization: Bearer &lt;token&gt;</code> and <code>Accept: application/json</code> with every API
request, or start the emulator with <code>--always-json</code> to get a JSON 401 instead.</p>
</body>
</html>
`;
}
