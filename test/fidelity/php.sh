#!/usr/bin/env bash
# Makes sure the fidelity tier's oracle is there: PHP and the libraries Mailcoach 8 itself uses, from Debian's
# packages (the same major versions), installed with apt-get when missing and we are root; otherwise the tier says
# loudly that it was skipped (and fails under FIDELITY_REQUIRED=1, as in .ci/run).
set -euo pipefail
packages=(php-cli php-mbstring php-xml php-league-commonmark php-league-html-to-markdown php-twig php-tijsverkoyen-css-to-inline-styles)
have() {
  command -v php >/dev/null && [ -f /usr/share/php/League/HTMLToMarkdown/autoload.php ] && [ -f /usr/share/php/League/CommonMark/autoload.php ] \
    && [ -f /usr/share/php/Twig/autoload.php ] && [ -f /usr/share/php/TijsVerkoyen/CssToInlineStyles/autoload.php ]
}
if have; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "fidelity tier: installing PHP and Mailcoach's libraries (apt-get install -y ${packages[*]})" >&2
  export DEBIAN_FRONTEND=noninteractive
  (apt-get install -y --no-install-recommends "${packages[@]}" >/dev/null 2>&1 \
    || (apt-get update >/dev/null && apt-get install -y --no-install-recommends "${packages[@]}" >/dev/null))
  exit 0
fi
echo "fidelity tier: PHP or Mailcoach's libraries are missing; the tier will be skipped. Install: sudo apt-get install -y ${packages[*]}" >&2
exit 0
