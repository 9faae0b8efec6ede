/**
 * The document tree that libxml2's HTML parser builds (what PHP's DOMDocument::loadHTML holds), as small as the
 * ports that walk it need: league/html-to-markdown (the text part) and tijsverkoyen/css-to-inline-styles (the CSS
 * inliner). Names are lower-case, as libxml2's HTML parser makes them. Attributes keep their source order.
 */
export type Node = ElementNode | TextNode | CommentNode | ProcessingInstructionNode | DoctypeNode;

interface BaseNode {
  parent: ElementNode | DocumentNode | null;
}

export interface DocumentNode {
  type: 'document';
  children: Node[];
}

export interface ElementNode extends BaseNode {
  type: 'element';
  /** Lower-case, as libxml2's HTML parser names elements. */
  name: string;
  /** In source order; a name occurs once (libxml2 drops a repeated attribute). `value` is decoded; null for a bare attribute (`<td nowrap>`). */
  attributes: { name: string; value: string | null }[];
  children: Node[];
}

export interface TextNode extends BaseNode {
  type: 'text';
  /** Decoded text (entities resolved), as DOMText::$data holds it. */
  value: string;
  /**
   * True for the raw content of `<script>` and `<style>`: libxml2 stores it as a CDATA node (htmlParseScript hands
   * it to the cdataBlock callback), which the serializer writes unescaped and which never merges with text.
   */
  cdata?: boolean;
}

export interface CommentNode extends BaseNode {
  type: 'comment';
  value: string;
}

export interface ProcessingInstructionNode extends BaseNode {
  type: 'pi';
  /** The target (`xml` for `<?xml encoding="UTF-8">`) and what follows it. */
  target: string;
  value: string;
  /** True when the PI has no data at all (`<?php>`): written without the space `<?php >` has. */
  bare?: boolean;
}

/**
 * The document's DTD (libxml2's intSubset): the one in the source, or the HTML 4.0 Transitional one libxml2 adds
 * when there is none. It is the document's first child; the serializer writes it from there.
 */
export interface DoctypeNode extends BaseNode {
  type: 'doctype';
  /** As written (`html`, `HTML`); '' when the DOCTYPE had no name. */
  name: string;
  publicId: string | null;
  systemId: string | null;
}
