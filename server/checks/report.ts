/**
 * The shape of a checks report (README "Mail checks"): what a captured mail or a studio render would
 * look like to its readers' mail clients, whether its links lead anywhere, and whether every placeholder was
 * filled. Plain data; the schema that documents it (server/emulator/schemas/checks.ts ChecksReport), which the
 * typed client's type comes from, is checked at compile time to be this very type.
 */

/** Which check found it. */
type CheckName = 'compatibility' | 'links' | 'content';

/**
 * `problem`: the mail is wrong for every reader (a placeholder left, a broken link, a missing header); it counts
 * for `has:problems` and the inbox's marker. `warning`: it depends on the reader's client (caniemail's partial or
 * missing support), or it is advice (an image without alt).
 */
export type Severity = 'problem' | 'warning';

export type Where = 'subject' | 'html' | 'text' | 'headers';

export interface CheckIssue {
  check: CheckName;
  /** A stable code a test can assert on (e.g. `placeholder`, `link-javascript`, `css-display-flex`). */
  code: string;
  severity: Severity;
  message: string;
  where: Where;
  /** 1-based line in the HTML or text; null for the subject and headers. */
  line: number | null;
}

/** One client's support of what the HTML uses: 100 when it supports every feature, partial support counts half. */
export interface ClientScore {
  /** caniemail's id, e.g. `outlook.windows`. */
  client: string;
  /** The family shown to people, e.g. `Outlook`. */
  family: string;
  platform: string;
  score: number;
}

/**
 * What kind of feature it is, from caniemail's title: the UI folds a mail's warnings into one line per kind (an
 * MJML mail uses some 35 features, each lacking somewhere).
 */
export type FeatureKind = 'element' | 'attribute' | 'css' | 'selector' | 'at-rule';

/** A feature the HTML uses that some clients lack: where it is used, and who lacks it. */
export interface FeatureUse {
  feature: string;
  kind: FeatureKind;
  /** Lines of the HTML it is used on, first ones first (at most MAX_LINES). */
  lines: number[];
  unsupported: string[];
  partial: string[];
  notes: string[];
}

export interface LinkReport {
  /** `href` of a link, `src` of an image (or another element). */
  attribute: 'href' | 'src';
  url: string;
  line: number;
  /** This emulator's own page (confirm, unsubscribe, preferences, webview), resolved offline. */
  emulator: boolean;
  /** `code: explanation`, each also an issue of the report: what is wrong for every reader. */
  problems: string[];
  /** `code: explanation`, each also a warning of the report (an `http:` link: it works, unencrypted). */
  warnings: string[];
  /** What its request found, with `--check-links online` (checks/online.ts); null when it was not requested. */
  online: { status: number | null; error: string | null; skipped: string | null } | null;
}

export interface ChecksReport {
  summary: { problems: number; warnings: number };
  issues: CheckIssue[];
  compatibility: {
    /** Where the data comes from: the package and the date of its caniemail data. */
    source: { package: string; data_updated: string };
    clients: ClientScore[];
    features: FeatureUse[];
  };
  links: LinkReport[];
}

export const MAX_LINES = 20;
