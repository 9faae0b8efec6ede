/** Captured messages compared byte for byte, but for their MIME boundaries, which are random per message. */
export const withoutBoundaries = (raw: Buffer) =>
  raw.toString('latin1').replace(/_NmP-[0-9a-f]{16}-Part_/g, '_NmP-x-Part_');
