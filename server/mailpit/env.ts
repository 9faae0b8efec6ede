/** The per-request values of the Mailpit surface, set by surface.ts's check. */
export interface MailpitEnv {
  Variables: {
    /** The workspace the request is about (the default one, or its token's with --isolate). */
    workspaceId: number;
    /** The HTTP Basic user the request named, or '': Mailpit stores it as a sent message's `Username`. */
    basicUser: string;
  };
}
