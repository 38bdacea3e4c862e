// A CRD's `email` format as the API server checks it: Go's net/mail.ParseAddress (RFC 5322 with Go's quirks),
// ported path for path: an addr-spec (`a@b`, a quoted local part, a `[1.2.3.4]` domain literal) with an
// optional `(comment)`, else a phrase and `<addr-spec>`, or a group (`team: a@b;`) of exactly one address.
// One pass over the text with an index (no regex), so any input costs its length.
import { isGoIPv4Text, isGoIPv4Mapped, isGoIPv6Text } from './goFormats';

class Fail extends Error {}
const fail = (): never => {
  throw new Fail();
};

/** RFC 5322 VCHAR as Go reads it: printable ASCII, or any non-ASCII character (RFC 6532). */
const isVchar = (c: number) => (c >= 0x21 && c <= 0x7e) || c >= 0x80;
const isWSP = (c: number) => c === 0x20 || c === 0x09;
const SPECIALS: ReadonlySet<number> = new Set(Array.from('()<>[]:;@\\,"', (c) => c.charCodeAt(0)));
const isAtext = (c: number, dot: boolean) => (c === 0x2e ? dot : !SPECIALS.has(c) && isVchar(c));
const isQtext = (c: number) => c !== 0x5c && c !== 0x22 && isVchar(c);
const isDtext = (c: number) => c !== 0x5b && c !== 0x5d && c !== 0x5c && isVchar(c);

class AddrParser {
  i = 0;
  constructor(readonly s: string) {}

  empty = () => this.i >= this.s.length;
  peek = () => this.s.charCodeAt(this.i);
  /** The code point at the index (a lone surrogate is Go's U+FFFD after JSON decoding: multibyte). */
  rune(at: number): [number, number] {
    const c = this.s.codePointAt(at)!;
    return [c, c > 0xffff ? 2 : 1];
  }
  consume(c: string): boolean {
    if (this.empty() || this.s[this.i] !== c) return false;
    this.i++;
    return true;
  }
  skipSpace(): void {
    while (!this.empty() && isWSP(this.peek())) this.i++;
  }

  /** consumeComment, after `(`: nested parentheses, `\` escaping the next byte. */
  consumeComment(): boolean {
    let depth = 1;
    while (!this.empty() && depth > 0) {
      if (this.s[this.i] === '\\' && this.s.length - this.i > 1) this.i++;
      else if (this.s[this.i] === '(') depth++;
      else if (this.s[this.i] === ')') depth--;
      this.i++;
    }
    return depth === 0;
  }
  skipCFWS(): boolean {
    this.skipSpace();
    while (this.consume('(')) {
      if (!this.consumeComment()) return false;
      this.skipSpace();
    }
    return true;
  }

  /** consumeAtom: a run of atext (dots too with `dot`); strict, no leading, trailing or double dot. */
  consumeAtom(dot: boolean, permissive: boolean): string {
    const start = this.i;
    while (!this.empty()) {
      const [c, size] = this.rune(this.i);
      if (!isAtext(c, dot)) break;
      this.i += size;
    }
    if (this.i === start) fail();
    const atom = this.s.slice(start, this.i);
    if (!permissive && (atom.startsWith('.') || atom.includes('..') || atom.endsWith('.'))) fail();
    return atom;
  }

  /** consumeQuotedString: the text between quotes, `\` before VCHAR or WSP; moves only when it succeeds. */
  consumeQuotedString(): string {
    let i = this.i + 1;
    let out = '';
    let escaped = false;
    for (;;) {
      if (i >= this.s.length) fail();
      const [c, size] = this.rune(i);
      const ch = this.s.slice(i, i + size);
      if (escaped) {
        if (!isVchar(c) && !isWSP(c)) fail();
        out += ch;
        escaped = false;
      } else if (isQtext(c) || isWSP(c)) out += ch;
      else if (c === 0x22) break;
      else if (c === 0x5c) escaped = true;
      else fail();
      i += size;
    }
    this.i = i + 1;
    return out;
  }

  /** consumeDomainLiteral: `[dtext]` holding an IPv4 address (or IPv4-mapped IPv6), or `IPv6:` and an IP. */
  consumeDomainLiteral(): void {
    this.consume('[');
    const start = this.i;
    for (;;) {
      if (this.empty()) fail();
      if (this.s[this.i] === ']') break;
      const [c, size] = this.rune(this.i);
      if (!isDtext(c)) fail();
      this.i += size;
    }
    const dtext = this.s.slice(start, this.i);
    this.i++;
    if (dtext.startsWith('IPv6:')) {
      // net.ParseIP gives 16 bytes for any address it reads, IPv4 included.
      const ip = dtext.slice(5);
      if (!isGoIPv4Text(ip) && !isGoIPv6Text(ip)) fail();
    } else if (!isGoIPv4Text(dtext) && !isGoIPv4Mapped(dtext)) fail();
  }

  /** consumeAddrSpec: local part (dot-atom or quoted string), `@`, domain; the index is restored on failure. */
  consumeAddrSpec(): boolean {
    const orig = this.i;
    try {
      this.skipSpace();
      if (this.empty()) fail();
      if (this.peek() === 0x22) {
        if (this.consumeQuotedString() === '') fail();
      } else this.consumeAtom(true, false);
      if (!this.consume('@')) fail();
      this.skipSpace();
      if (this.empty()) fail();
      if (this.peek() === 0x5b) this.consumeDomainLiteral();
      else this.consumeAtom(true, false);
      return true;
    } catch (e) {
      if (!(e instanceof Fail)) throw e;
      this.i = orig;
      return false;
    }
  }

  /** consumePhrase: words (atoms with dots, or quoted strings), comments between them; at least one. */
  consumePhrase(): void {
    let words = 0;
    for (;;) {
      if (words > 0 && !this.skipCFWS()) fail();
      this.skipSpace();
      if (this.empty()) break;
      try {
        if (this.peek() === 0x22) this.consumeQuotedString();
        else this.consumeAtom(true, true);
      } catch (e) {
        if (!(e instanceof Fail)) throw e;
        break;
      }
      words++;
    }
    if (words === 0) fail();
  }

  /** parseAddress: the number of addresses read (a group may hold none or several). */
  parseAddress(handleGroup: boolean): number {
    this.skipSpace();
    if (this.empty()) fail();
    if (this.consumeAddrSpec()) {
      this.skipSpace();
      if (!this.empty() && this.peek() === 0x28) {
        this.i++;
        if (!this.consumeComment()) fail();
      }
      return 1;
    }
    if (this.peek() !== 0x3c) this.consumePhrase();
    this.skipSpace();
    if (handleGroup && this.consume(':')) return this.consumeGroupList();
    if (!this.consume('<')) fail();
    if (!this.consumeAddrSpec()) fail();
    if (!this.consume('>')) fail();
    return 1;
  }

  consumeGroupList(): number {
    this.skipSpace();
    if (this.consume(';')) {
      if (!this.skipCFWS()) fail();
      return 0;
    }
    let n = 0;
    for (;;) {
      this.skipSpace();
      n += this.parseAddress(false);
      if (!this.skipCFWS()) fail();
      if (this.consume(';')) {
        if (!this.skipCFWS()) fail();
        return n;
      }
      if (!this.consume(',')) fail();
    }
  }
}

/**
 * strfmt's `email`: net/mail.ParseAddress gives one address. Not ported (accepted, so never a false error):
 * RFC 2047 encoded words (`=?charset?q?…?=`) in a display name or comment, which Go refuses when it does not
 * know their character set.
 */
export function isGoMailAddress(s: string): boolean {
  const p = new AddrParser(s);
  try {
    const n = p.parseAddress(true);
    if (!p.skipCFWS()) return false;
    return p.empty() && n === 1;
  } catch (e) {
    if (e instanceof Fail) return false;
    throw e;
  }
}
