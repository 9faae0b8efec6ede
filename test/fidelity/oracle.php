<?php
/**
 * The fidelity oracle: the same inputs through the PHP libraries Mailcoach 8 itself uses, in Mailcoach's order
 * (paths are in surveybox-io/laravel-mailcoach-v8). Debian packages the same major versions: php-cli,
 * php-league-commonmark, php-league-html-to-markdown, php-twig, php-tijsverkoyen-css-to-inline-styles.
 *
 * Reads a JSON array of cases from stdin, each {"stage": ..., ...}; writes a JSON array of results, each
 * {"output": string} or {"error": string}. Stages:
 *  - text:      ConvertHtmlToTextAction (league/html-to-markdown, strip_tags, suppress_errors, remove_nodes)
 *  - inline:    (new CssToInlineStyles)->convert($html)
 *  - markdown:  RenderMarkdownToHtmlAction (league/commonmark + table, strikethrough, autolink; `{{ }}` kept)
 *  - twig:      RenderTwigAction::execute($html, $context, throw: false)
 *  - template:  the subject (UsesMailcoachTemplate::setSubject) and RenderTemplateAction for a template body
 *               already through MJML: by type, `::key::`, `::subject::`, Twig (html only), CssToInlineStyles; then
 *               the text part; output is JSON {"subject":..., "html":..., "text":...}
 *  - campaign:  a campaign mail: PrepareEmailHtmlAction's email_html (CssToInlineStyles; the caller passes MJML
 *               already rendered), then PersonalizeTextAction (Twig with `context`, then the replacers, given as
 *               `replacements`: `::key::` => value), then ConvertHtmlToTextAction; output is JSON
 *               {"email_html":..., "html":..., "text":...}
 *  - dom:       DOMDocument::loadHTML + saveHTML() (libxml2's HTML parser and serializer, for the port's own tests)
 *  - dom-inline: loadHTML as CssToInlineStyles loads, saveHTML(documentElement) with formatOutput on
 *  - dom-format: loadHTML + saveHTML() with formatOutput on
 *  - dom-utf8:   loadHTML as HtmlConverter loads (`<?xml encoding="UTF-8">` prefix, encoding set) + saveHTML()
 *  - dom-inline-rest: loadHTML as CssToInlineStyles loads, documentElement removed, saveHTML() (its doctype line)
 *  - dom-c14n:   loadHTML as HtmlConverter loads, then C14N() of every element in document order, joined by "\n--\n"
 */
require '/usr/share/php/League/HTMLToMarkdown/autoload.php';
require '/usr/share/php/League/CommonMark/autoload.php';
require '/usr/share/php/Twig/autoload.php';
require '/usr/share/php/TijsVerkoyen/CssToInlineStyles/autoload.php';

use League\CommonMark\Environment\Environment;
use League\CommonMark\Extension\Autolink\AutolinkExtension;
use League\CommonMark\Extension\CommonMark\CommonMarkCoreExtension;
use League\CommonMark\Extension\CommonMark\Node\Block\FencedCode;
use League\CommonMark\Extension\CommonMark\Node\Inline\Code;
use League\CommonMark\Extension\Strikethrough\StrikethroughExtension;
use League\CommonMark\Extension\Table\TableExtension;
use League\CommonMark\MarkdownConverter;
use League\CommonMark\Node\Node;
use League\CommonMark\Renderer\ChildNodeRendererInterface;
use League\CommonMark\Renderer\NodeRendererInterface;
use League\HTMLToMarkdown\HtmlConverter;
use TijsVerkoyen\CssToInlineStyles\CssToInlineStyles;

/**
 * tempest/highlight's CommonMark renderers (src/CommonMark/CodeBlockRenderer.php, InlineCodeBlockRenderer.php),
 * which Mailcoach registers for fenced and inline code; Debian does not package tempest/highlight. For a language
 * it does not know (and for `txt`, the default) its Highlighter falls back to TextLanguage, which only escapes:
 * that is what these write. Known languages get highlighting spans in Mailcoach (quirks.md).
 */
final class TempestCodeBlock implements NodeRendererInterface
{
    public function render(Node $node, ChildNodeRendererInterface $childRenderer)
    {
        preg_match('/^(?<language>[\w]+)(\{(?<startAt>[\d]+)\})?/', $node->getInfoWords()[0] ?? 'txt', $matches);
        $language = $matches['language'] ?? 'txt';
        return '<pre data-lang="' . $language . '" class="notranslate">' . tempestText($node->getLiteral()) . '</pre>';
    }
}

final class TempestInlineCode implements NodeRendererInterface
{
    public function render(Node $node, ChildNodeRendererInterface $childRenderer)
    {
        preg_match('/^\{(?<match>[\w]+)}(?<code>.*)/', $node->getLiteral(), $match);
        $code = $match['code'] ?? $node->getLiteral();
        return '<code>' . tempestText($code) . '</code>';
    }
}

function tempestText(string $content): string
{
    // Highlighter::parse normalizes newlines; TextLanguage has no patterns, so the content is escaped whole, as
    // tempest's Escape::html escapes (src/Escape.php).
    $content = str_replace(["\r\n", "\r"], "\n", $content);
    return str_replace(['&', '<', '>', '"'], ['&amp;', '&lt;', '&gt;', '&quot;'], $content);
}

function textPart(string $html): string
{
    $converter = new HtmlConverter(['strip_tags' => true, 'suppress_errors' => true, 'remove_nodes' => 'head script style']);
    try {
        return $converter->convert($html);
    } catch (Exception) {
        return '';
    }
}

function markdown(string $markdown): string
{
    // spatie/laravel-markdown's MarkdownRenderer with Mailcoach's settings: no anchors, highlightCode(false), the
    // three extensions, Tempest's code renderers; default commonmark options.
    $environment = new Environment([]);
    $environment->addExtension(new CommonMarkCoreExtension());
    $environment->addExtension(new TableExtension());
    $environment->addExtension(new StrikethroughExtension());
    $environment->addExtension(new AutolinkExtension());
    $environment->addRenderer(FencedCode::class, new TempestCodeBlock(), 0);
    $environment->addRenderer(Code::class, new TempestInlineCode(), 0);
    $replacements = [
        '{{ ' => '@' . urlencode('{{ '),
        '{{' => '@' . urlencode('{{'),
        ' }}' => '@' . urlencode(' }}'),
        '}}' => '@' . urlencode('}}'),
    ];
    $markdown = str_replace(array_keys($replacements), array_values($replacements), $markdown);
    $html = (string) (new MarkdownConverter($environment))->convert($markdown);
    return str_replace(array_values($replacements), array_keys($replacements), $html);
}

function twig(string $html, array $context): string
{
    try {
        $twig = new Twig\Environment(new Twig\Loader\ArrayLoader(), ['autoescape' => 'html']);
        $html = rawurldecode($html);
        $html = str_replace(['{{+', '+}}'], ['{{ ', ' }}'], $html);
        return $twig->createTemplate($html)->render($context);
    } catch (Throwable $e) {
        return $html;
    }
}

/** Laravel's Arr::undot. */
function undot(array $array): array
{
    $results = [];
    foreach ($array as $key => $value) {
        $keys = explode('.', (string) $key);
        $target = &$results;
        while (count($keys) > 1) {
            $segment = array_shift($keys);
            if (!isset($target[$segment]) || !is_array($target[$segment])) {
                $target[$segment] = [];
            }
            $target = &$target[$segment];
        }
        $target[array_shift($keys)] = $value;
        unset($target);
    }
    return $results;
}

function template(array $case): array
{
    // UsesMailcoachTemplate::setSubject: the request's subject or the template's, string replacements, Twig with
    // the replacements as they are (not un-dotted), then the replacers (SubjectReplacer: `::subject::`); the
    // body's `::subject::` is then this subject.
    $subject = $case['subject'] ?? '';
    foreach ($case['replacements'] ?? [] as $search => $replace) {
        if (is_string($replace)) {
            $subject = str_replace("::{$search}::", $replace, $subject);
        }
    }
    $subject = twig($subject, $case['replacements'] ?? []);
    // SubjectReplacer reads the mailable's subject, which is still the request's (none in these cases) here.
    $subject = str_replace('::subject::', '', $subject);
    $case['subject'] = $subject;
    $html = $case['body'];
    if ($case['type'] === 'markdown') {
        $html = markdown($html);
    }
    $replacements = $case['replacements'] ?? [];
    foreach ($replacements as $search => $replace) {
        if (is_array($replace)) {
            continue;
        }
        $html = str_replace("::{$search}::", (string) $replace, $html);
    }
    $html = str_replace('::subject::', $case['subject'] ?? '', $html);
    if ($case['type'] === 'html') {
        $html = twig($html, undot($replacements));
    }
    $html = empty($html) ? '' : (new CssToInlineStyles())->convert($html);
    return ['subject' => $subject, 'html' => $html, 'text' => textPart($html)];
}

function campaign(array $case): array
{
    $html = $case['html'];
    $emailHtml = ($case['mjml'] ?? false) || empty($html) ? $html : (new CssToInlineStyles())->convert($html);
    $personal = twig($emailHtml, $case['context'] ?? []);
    foreach ($case['replacements'] ?? [] as $search => $replace) {
        $personal = str_replace($search, (string) $replace, $personal);
    }
    return ['email_html' => $emailHtml, 'html' => $personal, 'text' => textPart($personal)];
}

function run(array $case): string
{
    switch ($case['stage']) {
        case 'text':
            return textPart($case['input']);
        case 'inline':
            return (new CssToInlineStyles())->convert($case['input']);
        case 'markdown':
            return markdown($case['input']);
        case 'twig':
            return twig($case['input'], $case['context'] ?? []);
        case 'template':
            return json_encode(template($case), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        case 'campaign':
            return json_encode(campaign($case), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        case 'dom':
            $document = new DOMDocument();
            libxml_use_internal_errors(true);
            $document->loadHTML($case['input']);
            libxml_clear_errors();
            return $document->saveHTML();
        case 'dom-inline':
            $document = new DOMDocument('1.0', 'UTF-8');
            libxml_use_internal_errors(true);
            $document->loadHTML(mb_encode_numericentity($case['input'], [0x80, 0x10FFFF, 0, 0x1FFFFF], 'UTF-8'));
            libxml_clear_errors();
            $document->formatOutput = true;
            return $document->saveHTML($document->documentElement);
        case 'dom-format':
            $document = new DOMDocument();
            libxml_use_internal_errors(true);
            $document->loadHTML($case['input']);
            libxml_clear_errors();
            $document->formatOutput = true;
            return $document->saveHTML();
        case 'dom-utf8':
            $document = new DOMDocument();
            libxml_use_internal_errors(true);
            $document->loadHTML('<?xml encoding="UTF-8">' . $case['input']);
            $document->encoding = 'UTF-8';
            libxml_clear_errors();
            return $document->saveHTML();
        case 'dom-inline-rest':
            $document = new DOMDocument('1.0', 'UTF-8');
            libxml_use_internal_errors(true);
            $document->loadHTML(mb_encode_numericentity($case['input'], [0x80, 0x10FFFF, 0, 0x1FFFFF], 'UTF-8'));
            libxml_clear_errors();
            $document->formatOutput = true;
            if ($document->documentElement !== null) {
                $document->removeChild($document->documentElement);
            }
            return $document->saveHTML();
        case 'dom-c14n':
            $document = new DOMDocument();
            libxml_use_internal_errors(true);
            $document->loadHTML('<?xml encoding="UTF-8">' . $case['input']);
            $document->encoding = 'UTF-8';
            libxml_clear_errors();
            $parts = [];
            foreach ($document->getElementsByTagName('*') as $element) {
                $parts[] = $element->C14N();
            }
            return implode("\n--\n", $parts);
    }
    throw new InvalidArgumentException('unknown stage ' . $case['stage']);
}

$cases = json_decode(stream_get_contents(STDIN), true, 512, JSON_THROW_ON_ERROR);
$results = [];
foreach ($cases as $case) {
    try {
        $results[] = ['output' => run($case)];
    } catch (Throwable $e) {
        $results[] = ['error' => get_class($e) . ': ' . $e->getMessage()];
    }
}
echo json_encode($results, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE);
