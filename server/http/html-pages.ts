/**
 * The HTML a Laravel app answers to a request that does not expect JSON (docs/spec/mailcoach-reference.md#14-content-negotiation-and-request-parsing): Symfony's redirect
 * page and Laravel's minimal error page. Only the error formatter (http/error-response.ts) uses these.
 */

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  413: 'Payload Too Large',
  419: 'Page Expired',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Server Error',
  503: 'Service Unavailable',
};

function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Server Error' : 'Error');
}

/** Symfony's RedirectResponse body. */
export function redirectPage(url: string): string {
  const safe = escapeHtml(url);
  return `<!DOCTYPE html>
<html>
    <head>
        <meta charset="UTF-8" />
        <meta http-equiv="refresh" content="0;url='${safe}'" />

        <title>Redirecting to ${safe}</title>
    </head>
    <body>
        Redirecting to <a href="${safe}">${safe}</a>.
    </body>
</html>`;
}

/**
 * Laravel's minimal error view (`errors::minimal`): status code and reason. Statuses without their own view
 * (400, 405, 413...) use the generic 4xx/5xx views, which show the exception message instead.
 */
export function errorPage(status: number, message: string): string {
  const title = reasonPhrase(status);
  const hasOwnView = [401, 402, 403, 404, 419, 429, 500, 503].includes(status);
  const text = hasOwnView || message === '' ? title : message;
  return `<!DOCTYPE html>
<html lang="en">
    <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">

        <title>${escapeHtml(title)}</title>
    </head>
    <body class="antialiased">
        <div class="relative flex items-top justify-center min-h-screen sm:items-center sm:pt-0">
            <div class="max-w-xl mx-auto sm:px-6 lg:px-8">
                <div class="flex items-center pt-8 sm:justify-start sm:pt-0">
                    <div class="px-4 text-lg text-gray-500 border-r border-gray-400 tracking-wider">${status}</div>
                    <div class="ml-4 text-lg text-gray-500 uppercase tracking-wider">${escapeHtml(text)}</div>
                </div>
            </div>
        </div>
    </body>
</html>
`;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#039;');
}
