/**
 * CreateTemplateAction's html when none is given (docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates): a page with one editor field, `[[[content]]]`, and the footer
 * links Mailcoach fills in when sending.
 */
export const DEFAULT_CAMPAIGN_TEMPLATE_HTML = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
</head>
<body>
    <div style="max-width: 570px; margin: 0 auto; padding: 20px 0;">[[[content]]]</div>
    <div style="max-width: 570px; margin: 0 auto; padding: 20px 0; text-align: center; font-size: 12px;">
        <a href="::webviewUrl::">Online version</a> • <a href="::unsubscribeUrl::">Unsubscribe</a>
    </div>
</body>
</html>`;
