/**
 * Lower-cases A-Z only, leaving every other character and the length as they are: PHP 8's strtolower() and
 * case-insensitive string functions, and SQLite's LIKE, fold ASCII alone.
 */
export function asciiLower(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text;
}
