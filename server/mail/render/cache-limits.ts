/**
 * How much of each template version the render caches keep (compiled bodies, inlined CSS, text parts, compiled
 * Twig), keyed by the source text: a template version is compiled once, never per send. A template is tens of
 * kB; what is longer comes from a request's replacements, which seldom repeat, and is computed again instead of
 * kept (a hostile walk of 250 kB fields would otherwise hold 200 × 250 kB per cache, for the life of the process).
 */
export const TEMPLATE_SOURCES = { maxEntries: 200, maxKeyLength: 64 * 1024 };
