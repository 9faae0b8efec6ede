/**
 * The element tables of libxml2 2.9.14's HTML parser and serializer (HTMLparser.c html40ElementTable,
 * htmlStartClose, htmlEndPriority; HTMLtree.c htmlBooleanAttrs), generated from the source and kept to the fields
 * the parser and serializer read.
 */

export interface ElementInfo {
  /** htmlElemDesc.endTag: 3 marks elements whose end tag may not be omitted but often is (b, i, font...). */
  endTag: number;
  /** htmlElemDesc.saveEndTag: when non-zero an element without children is written without its end tag. */
  saveEndTag: number;
  /** htmlElemDesc.empty: a void element (br, img, meta...): closed as soon as its start tag ends. */
  empty: boolean;
  /** htmlElemDesc.isinline: non-zero for inline elements; formatted output adds no newlines around them. */
  inline: boolean;
}

// name:endTag saveEndTag empty isinline, as in html40ElementTable.
const TABLE =
  'a:0001 abbr:0001 acronym:0001 address:0000 applet:0002 area:2210 b:3001 base:2210 basefont:2211 bdo:0001 ' +
  'big:3001 blockquote:0000 body:1000 br:2211 button:0002 caption:0000 center:3000 cite:0001 code:0001 col:2210 ' +
  'colgroup:1000 dd:1000 del:0002 dfn:0001 dir:0000 div:0000 dl:0000 dt:1000 em:3001 embed:1001 fieldset:0000 ' +
  'font:3001 form:0000 frame:2210 frameset:0000 h1:0000 h2:0000 h3:0000 h4:0000 h5:0000 h6:0000 head:1000 ' +
  'hr:2210 html:1000 i:3001 iframe:0002 img:2211 input:2211 ins:0002 isindex:2210 kbd:0001 label:0001 ' +
  'legend:0000 li:1100 link:2210 map:0002 menu:0000 meta:2210 noframes:0000 noscript:0000 object:0002 ol:0000 ' +
  'optgroup:0000 option:1000 p:1000 param:2210 pre:0000 q:0001 s:3001 samp:0001 script:0002 select:0001 ' +
  'small:3001 span:0001 strike:3001 strong:3001 style:0000 sub:3001 sup:3001 table:0000 tbody:0000 td:0000 ' +
  'textarea:0001 tfoot:1000 th:1000 thead:1000 title:0000 tr:0000 tt:3001 u:3001 ul:0000 var:0001';

/** htmlTagLookup: the descriptor of a (lower-case) element name, or undefined for an unknown element. */
export const ELEMENTS: ReadonlyMap<string, ElementInfo> = new Map(
  TABLE.split(' ').map((entry) => {
    const [name, flags] = entry.split(':') as [string, string];
    const info: ElementInfo = {
      endTag: Number(flags[0]),
      saveEndTag: Number(flags[1]),
      empty: flags[2] === '1',
      inline: flags[3] !== '0',
    };
    return [name, info];
  }),
);

// htmlStartClose, grouped by the new tag: "new:old old ...". A start tag `new` closes an open `old`.
const START_CLOSE =
  'a:a head,fieldset:a h1 h2 h3 h4 h5 h6 head legend listing p pre xmp,table:a h1 h2 h3 h4 h5 h6 head listing p ' +
  'pre xmp,td:a b font i p span td th u,th:a b font i p span td th u,dd:address dir dt head listing menu p pre xmp,' +
  'dl:address dir dt head listing menu p pre xmp,dt:address dd dir head listing menu p pre xmp,form:address dir dl ' +
  'form h1 h2 h3 h4 h5 h6 head hr listing menu ol p pre ul xmp,li:address dl h1 h2 h3 h4 h5 h6 head li listing p ' +
  'pre xmp,ul:address dir head listing menu ol p pre xmp,center:b font head i p,p:b big h1 h2 h3 h4 h5 h6 head i ' +
  'p s small strike tt u,col:caption col p,colgroup:caption col colgroup p,tbody:caption col colgroup p tbody td ' +
  'tfoot th thead tr,tfoot:caption col colgroup p tbody td th thead tr,thead:caption col colgroup,tr:caption col ' +
  'colgroup p td th tr,abbr:head,acronym:head,address:head p ul,b:head,bdo:head,big:head,blockquote:head p,' +
  'body:head link p style title,br:head,cite:head,code:head,dfn:head,dir:head p,div:head p,em:head,font:head,' +
  'frameset:head link p style title,h1:head p,h2:head p,h3:head p,h4:head p,h5:head p,h6:head p,hr:head p,' +
  'i:head,iframe:head,img:head,kbd:head,listing:head p,map:head,menu:head p ul,ol:head p ul,pre:head p ul,q:head,' +
  's:head,samp:head,small:head,span:head,strike:head,strong:head,sub:head,sup:head,tt:head,u:head,var:head,' +
  'xmp:head p,optgroup:option,option:option,caption:p,head:p,title:p,noscript:script';

const CLOSED_BY: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  START_CLOSE.split(',').map((entry) => {
    const [tag, olds] = entry.split(':') as [string, string];
    return [tag, new Set(olds.split(' '))];
  }),
);

/** HTMLparser.c htmlCheckAutoClose: whether a start tag `newTag` implies the end of an open `oldTag`. */
export function startCloses(newTag: string, oldTag: string): boolean {
  return CLOSED_BY.get(newTag)?.has(oldTag) === true;
}

const END_PRIORITY: ReadonlyMap<string, number> = new Map([
  ['div', 150],
  ['td', 160],
  ['th', 160],
  ['tr', 170],
  ['thead', 180],
  ['tbody', 180],
  ['tfoot', 180],
  ['table', 190],
  ['head', 200],
  ['body', 200],
  ['html', 220],
]);

/** HTMLparser.c htmlGetEndPriority: an end tag only closes open elements of lower or equal priority. */
export function endPriority(name: string): number {
  return END_PRIORITY.get(name) ?? 100;
}

const BOOLEAN_ATTRIBUTES = new Set([
  'checked',
  'compact',
  'declare',
  'defer',
  'disabled',
  'ismap',
  'multiple',
  'nohref',
  'noresize',
  'noshade',
  'nowrap',
  'readonly',
  'selected',
]);

/** HTMLtree.c htmlIsBooleanAttr (case-insensitive, as xmlStrcasecmp compares). */
export function isBooleanAttribute(name: string): boolean {
  if (BOOLEAN_ATTRIBUTES.has(name)) return true;
  return HAS_UPPER.test(name) && BOOLEAN_ATTRIBUTES.has(name.toLowerCase());
}

const HAS_UPPER = /[A-Z]/;
