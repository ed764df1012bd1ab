/**
 * Byte encodings the client needs without DOM or Node globals (no
 * TextEncoder, btoa, Buffer or FormData in React Native's Hermes before
 * 0.74, nor in the ES2022 library this package is typed against).
 */
import type { MvsFile } from './client.js';

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
	const bytes: number[] = [];
	for (const char of text) {
		const code = char.codePointAt(0)!;
		if (code < 0x80) bytes.push(code);
		else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
		else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
		else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
	}
	return Uint8Array.from(bytes);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding. */
export function base64(bytes: Uint8Array): string {
	let out = '';
	for (let i = 0; i < bytes.length; i += 3) {
		const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
		out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]!;
		out += i + 1 < bytes.length ? BASE64[(n >> 6) & 63]! : '=';
		out += i + 2 < bytes.length ? BASE64[n & 63]! : '=';
	}
	return out;
}

/** The `Authorization` header of an application password (docs/sign-in.md, "Header format"). */
export function basicAuth(username: string, password: string): string {
	return `Basic ${base64(utf8(`${username}:${password}`))}`;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}

/** Quotes a header parameter value (RFC 7578: `"` and line breaks escaped). */
function quoted(value: string): string {
	return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** A multipart/form-data body and its content type. */
export function multipart(fields: Readonly<Record<string, string | MvsFile>>, boundary: string): { body: Uint8Array; contentType: string } {
	const parts: Uint8Array[] = [];
	for (const [name, value] of Object.entries(fields)) {
		if (typeof value === 'string') {
			parts.push(utf8(`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`));
		} else {
			parts.push(
				utf8(
					`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}; filename=${quoted(value.name)}\r\nContent-Type: ${value.mimeType}\r\n\r\n`,
				),
				value.buffer,
				utf8('\r\n'),
			);
		}
	}
	parts.push(utf8(`--${boundary}--\r\n`));
	return { body: concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
