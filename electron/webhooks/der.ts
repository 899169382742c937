/**
 * A minimal ASN.1 DER writer: just what a self-signed X.509 certificate needs (Node's crypto parses
 * certificates but cannot make one, and the project ships no OpenSSL). Every function returns the
 * complete TLV encoding of one value.
 */

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));
export const nullValue = (): Buffer => Buffer.from([0x05, 0x00]);
export const boolean = (value: boolean): Buffer => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
export const octetString = (content: Buffer): Buffer => tlv(0x04, content);
export const utf8String = (text: string): Buffer => tlv(0x0c, Buffer.from(text, 'utf8'));
export const printableString = (text: string): Buffer => tlv(0x13, Buffer.from(text, 'ascii'));
/** EXPLICIT context-specific tag `[n]`, constructed. */
export const explicit = (n: number, content: Buffer): Buffer => tlv(0xa0 + n, content);

/** A BIT STRING holding whole bytes, or `unusedBits` spare bits at the end of the last byte. */
export function bitString(content: Buffer, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), content]));
}

/** An INTEGER from unsigned big-endian bytes (a leading zero keeps it positive). */
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  const positive = (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
  return tlv(0x02, positive.length === 0 ? Buffer.from([0]) : positive);
}

export const smallInteger = (n: number): Buffer => unsignedInteger(Buffer.from([n & 0xff]));

export function objectIdentifier(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = arcs;
  const bytes: number[] = [first * 40 + second];
  for (const arc of rest) {
    const groups: number[] = [];
    let n = arc;
    do {
      groups.unshift(n & 0x7f);
      n = Math.floor(n / 128);
    } while (n > 0);
    groups.forEach((g, i) => bytes.push(i < groups.length - 1 ? g | 0x80 : g));
  }
  return tlv(0x06, Buffer.from(bytes));
}

const two = (n: number): string => String(n).padStart(2, '0');

/** UTCTime up to 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5). */
export function time(date: Date): Buffer {
  const year = date.getUTCFullYear();
  const rest = `${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z`;
  return year < 2050
    ? tlv(0x17, Buffer.from(`${two(year % 100)}${rest}`, 'ascii'))
    : tlv(0x18, Buffer.from(`${year}${rest}`, 'ascii'));
}
