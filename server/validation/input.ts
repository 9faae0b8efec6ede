/**
 * A request's input as the validation rules and the domain read it: Laravel's `$request->input()`, the body and
 * query merged, trimmed, "" as null. Reading it off a request is HTTP's business (http/input.ts); what it is
 * belongs here, so that the rules and the domain code that take it need nothing from http/.
 */
export type Input = Record<string, unknown>;
