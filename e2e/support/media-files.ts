/**
 * Small valid audio and video files whose type libmagic reports under an
 * alias (audio/x-wav, audio/x-m4a, ...), built in memory. Each call differs
 * in its last bytes, so duplicate detection never interferes.
 */
import { deflateSync } from 'node:zlib';
import type { MvsFile } from '../../client/src/client';
import { pngChunk } from './mvs';

function box(type: string, body: Buffer): Buffer {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(8 + body.length, 0);
	head.write(type, 4, 'latin1');
	return Buffer.concat([head, body]);
}

function noise(): Buffer {
	return Buffer.from(String(Math.random()));
}

export const aliasFiles = {
	/** A genuine PCM WAV: 0.1 s of a 16-bit mono ramp at 8 kHz (libmagic: audio/x-wav). */
	wav(name = 'voice.wav'): MvsFile {
		const samples = Buffer.alloc(1600);
		for (let i = 0; i < 800; i++) samples.writeInt16LE(((i * 300) % 20000) - 10000 + Math.floor(Math.random() * 50), i * 2);
		const fmt = Buffer.alloc(24);
		fmt.write('fmt ', 0, 'latin1');
		fmt.writeUInt32LE(16, 4); // chunk size
		fmt.writeUInt16LE(1, 8); // PCM
		fmt.writeUInt16LE(1, 10); // mono
		fmt.writeUInt32LE(8000, 12); // sample rate
		fmt.writeUInt32LE(16000, 16); // byte rate
		fmt.writeUInt16LE(2, 20); // block align
		fmt.writeUInt16LE(16, 22); // bits per sample
		const data = Buffer.concat([Buffer.from('data', 'latin1'), Buffer.alloc(4), samples]);
		data.writeUInt32LE(samples.length, 4);
		const riff = Buffer.alloc(12);
		riff.write('RIFF', 0, 'latin1');
		riff.writeUInt32LE(4 + fmt.length + data.length, 4);
		riff.write('WAVE', 8, 'latin1');
		return { name, mimeType: 'audio/wav', buffer: Buffer.concat([riff, fmt, data]) };
	},
	/** An MPEG-4 audio file, brand M4A (libmagic: audio/x-m4a). */
	m4a(name = 'memo.m4a'): MvsFile {
		const ftyp = box('ftyp', Buffer.from('M4A \0\0\0\0M4A mp42isom', 'latin1'));
		return { name, mimeType: 'audio/mp4', buffer: Buffer.concat([ftyp, box('mdat', Buffer.concat([Buffer.alloc(16), noise()]))]) };
	},
	/** A QuickTime movie, brand qt (libmagic: video/quicktime). */
	mov(name = 'clip.mov'): MvsFile {
		const ftyp = box('ftyp', Buffer.from('qt  \0\0\x02\0qt  ', 'latin1'));
		return { name, mimeType: 'video/quicktime', buffer: Buffer.concat([ftyp, box('mdat', Buffer.concat([Buffer.alloc(16), noise()]))]) };
	},
};

/*
 * Images carrying metadata (EXIF with GPS and orientation, XMP, comments,
 * text chunks), built byte by byte, and parsers that list what a served
 * image still holds (uploads-and-storage.md, "Image metadata").
 */

function u16be(n: number): Buffer {
	const b = Buffer.alloc(2);
	b.writeUInt16BE(n);
	return b;
}

function u32be(n: number): Buffer {
	const b = Buffer.alloc(4);
	b.writeUInt32BE(n >>> 0);
	return b;
}

function u32le(n: number): Buffer {
	const b = Buffer.alloc(4);
	b.writeUInt32LE(n >>> 0);
	return b;
}

export const GPS = { lat: [48, 51, 30], lon: [2, 17, 40] } as const;

export interface ExifOptions {
	/** EXIF orientation (1-8). */
	orientation?: number;
	/** Whether to add a GPS IFD with the GPS position. */
	gps?: boolean;
	/** The camera maker (tag Make), e.g. a payload. */
	make?: string;
}

/** A big-endian TIFF block (the body of an EXIF segment or chunk) with IFD0 and an optional GPS IFD. */
export function exifTiff(options: ExifOptions): Buffer {
	type Entry = { tag: number; type: number; count: number; data: Buffer };
	const ascii = (s: string) => Buffer.from(`${s}\0`, 'latin1');
	const rationals = (values: readonly number[]) => Buffer.concat(values.flatMap((v) => [u32be(v), u32be(1)]));
	const ifd0: Entry[] = [];
	if (options.make !== undefined) ifd0.push({ tag: 0x010f, type: 2, count: ascii(options.make).length, data: ascii(options.make) });
	if (options.orientation !== undefined) ifd0.push({ tag: 0x0112, type: 3, count: 1, data: Buffer.concat([u16be(options.orientation), Buffer.alloc(2)]) });
	const gps: Entry[] = options.gps
		? [
				{ tag: 0x0000, type: 1, count: 4, data: Buffer.from([2, 3, 0, 0]) },
				{ tag: 0x0001, type: 2, count: 2, data: Buffer.from('N\0\0\0', 'latin1') },
				{ tag: 0x0002, type: 5, count: 3, data: rationals(GPS.lat) },
				{ tag: 0x0003, type: 2, count: 2, data: Buffer.from('E\0\0\0', 'latin1') },
				{ tag: 0x0004, type: 5, count: 3, data: rationals(GPS.lon) },
			]
		: [];
	if (options.gps) ifd0.push({ tag: 0x8825, type: 4, count: 1, data: Buffer.alloc(4) }); // Offset filled in below.
	const ifdSize = (entries: Entry[]) => 2 + 12 * entries.length + 4;
	// Layout: header (8), IFD0, its out-of-line values, GPS IFD, its values.
	const gpsAt = 8 + ifdSize(ifd0) + ifd0.reduce((n, e) => n + (e.data.length > 4 ? e.data.length : 0), 0);
	const encode = (entries: Entry[], at: number, next: number): Buffer => {
		let extra = at + ifdSize(entries);
		const head: Buffer[] = [u16be(entries.length)];
		const values: Buffer[] = [];
		for (const e of entries) {
			let data = e.data;
			if (e.tag === 0x8825) data = u32be(gpsAt);
			if (data.length > 4) {
				head.push(u16be(e.tag), u16be(e.type), u32be(e.count), u32be(extra));
				values.push(data);
				extra += data.length;
			} else head.push(u16be(e.tag), u16be(e.type), u32be(e.count), Buffer.concat([data, Buffer.alloc(4 - data.length)]));
		}
		head.push(u32be(next));
		return Buffer.concat([...head, ...values]);
	};
	return Buffer.concat([Buffer.from('MM\0\x2a\0\0\0\x08', 'latin1'), encode(ifd0, 8, 0), ...(gps.length ? [encode(gps, gpsAt, 0)] : [])]);
}

/** What an EXIF TIFF block says: orientation, and the GPS latitude when there is one. */
export function readExif(tiff: Buffer): { orientation?: number; lat?: number[] } {
	const big = tiff.toString('latin1', 0, 2) === 'MM';
	const r16 = (at: number) => (big ? tiff.readUInt16BE(at) : tiff.readUInt16LE(at));
	const r32 = (at: number) => (big ? tiff.readUInt32BE(at) : tiff.readUInt32LE(at));
	const entries = (ifd: number) => Array.from({ length: r16(ifd) }, (_, i) => ifd + 2 + 12 * i);
	const out: { orientation?: number; lat?: number[] } = {};
	for (const e of entries(r32(4))) {
		if (r16(e) === 0x0112) out.orientation = r16(e + 8);
		if (r16(e) === 0x8825) {
			for (const g of entries(r32(e + 8))) {
				if (r16(g) === 0x0002) {
					const at = r32(g + 8);
					out.lat = [0, 1, 2].map((k) => r32(at + 8 * k) / r32(at + 8 * k + 4));
				}
			}
		}
	}
	return out;
}

/**
 * A baseline greyscale JPEG that GD and browsers decode: 8x8 blocks of one
 * grey each (`grey(bx, by)`, 0-255), DC coefficients only, with optional
 * APP1 EXIF, APP1 XMP, APP13, COM segments and bytes after EOI.
 */
export function encodeJpeg(
	width: number,
	height: number,
	grey: (bx: number, by: number) => number,
	meta: { exif?: ExifOptions; xmp?: string; app13?: string; comment?: string; trailer?: string } = {},
): Buffer {
	const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);
	const parts: Buffer[] = [Buffer.from([0xff, 0xd8]), segment(0xe0, Buffer.from('4a46494600010100000100010000', 'hex'))];
	if (meta.exif) parts.push(segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff(meta.exif)])));
	if (meta.xmp !== undefined) parts.push(segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/">${meta.xmp}</x:xmpmeta>`, 'latin1')));
	if (meta.app13 !== undefined) parts.push(segment(0xed, Buffer.from(`Photoshop 3.0\0${meta.app13}`, 'latin1')));
	if (meta.comment !== undefined) parts.push(segment(0xfe, Buffer.from(meta.comment, 'latin1')));
	parts.push(segment(0xdb, Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]))); // All quantizers 1.
	parts.push(segment(0xc0, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])])));
	// DC table: twelve 4-bit codes (symbol k is code k); AC table: one 1-bit code, end of block.
	parts.push(segment(0xc4, Buffer.concat([Buffer.from([0x00, 0, 0, 0, 12]), Buffer.alloc(12), Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])])));
	parts.push(segment(0xc4, Buffer.concat([Buffer.from([0x10, 1]), Buffer.alloc(15), Buffer.from([0])])));
	parts.push(segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])));
	const bits: number[] = [];
	const put = (value: number, length: number) => {
		for (let i = length - 1; i >= 0; i--) bits.push((value >> i) & 1);
	};
	let previous = 0;
	for (let by = 0; by < Math.ceil(height / 8); by++) {
		for (let bx = 0; bx < Math.ceil(width / 8); bx++) {
			const dc = 8 * (Math.max(0, Math.min(255, Math.round(grey(bx, by)))) - 128);
			const diff = dc - previous;
			previous = dc;
			const size = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
			put(size, 4);
			if (size) put(diff > 0 ? diff : diff + (1 << size) - 1, size);
			put(0, 1); // End of block.
		}
	}
	while (bits.length % 8) bits.push(1);
	const scan: number[] = [];
	for (let i = 0; i < bits.length; i += 8) {
		const byte = parseInt(bits.slice(i, i + 8).join(''), 2);
		scan.push(byte);
		if (byte === 0xff) scan.push(0);
	}
	parts.push(Buffer.from(scan), Buffer.from([0xff, 0xd9]));
	if (meta.trailer !== undefined) parts.push(Buffer.from(meta.trailer, 'latin1'));
	return Buffer.concat(parts);
}

/** A small RGB PNG (4x4 by default) with extra chunks after IHDR. */
export function pngWithChunks(chunks: Buffer[], width = 4, height = 4): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, 2, 0, 0, 0], 8);
	const raw = Buffer.alloc(height * (1 + width * 3), 0x40);
	for (let y = 0; y < height; y++) raw[y * (1 + width * 3)] = 0;
	return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', header), ...chunks, pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

function riffChunk(type: string, data: Buffer): Buffer {
	return Buffer.concat([Buffer.from(type, 'latin1'), u32le(data.length), data, data.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A 1x1 lossless WebP in the extended format (VP8X) with EXIF and XMP chunks. */
export function webpWithMeta(meta: { exif?: Buffer; xmp?: string }): Buffer {
	const vp8l = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64').subarray(12);
	const flags = (meta.exif ? 0x08 : 0) | (meta.xmp !== undefined ? 0x04 : 0);
	const vp8x = riffChunk('VP8X', Buffer.from([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
	const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), vp8x, vp8l, ...(meta.exif ? [riffChunk('EXIF', meta.exif)] : []), ...(meta.xmp !== undefined ? [riffChunk('XMP ', Buffer.from(meta.xmp, 'latin1'))] : [])]);
	return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}

/** A 1x1 GIF89a with a comment extension and an XMP application extension holding `text`. */
export function gifWithMeta(text: string): Buffer {
	const base = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
	const subBlocks = (data: Buffer) => {
		const out: Buffer[] = [];
		for (let i = 0; i < data.length; i += 255) {
			const piece = data.subarray(i, i + 255);
			out.push(Buffer.from([piece.length]), piece);
		}
		return Buffer.concat([...out, Buffer.from([0])]);
	};
	const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), subBlocks(Buffer.from(text, 'latin1'))]);
	const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('XMP DataXMP', 'latin1'), subBlocks(Buffer.from(`<x:xmpmeta>${text}</x:xmpmeta>`, 'latin1'))]);
	return Buffer.concat([base.subarray(0, 19), comment, xmp, base.subarray(19)]);
}

/** What an image holds besides pixels: JPEG marker names, PNG chunk types, WebP chunk types, GIF extension labels; and its EXIF block. */
export function imageStructure(bytes: Buffer): { format: string; blocks: string[]; exif?: Buffer; width?: number; height?: number } {
	if (bytes.readUInt8(0) === 0xff && bytes.readUInt8(1) === 0xd8) {
		const blocks: string[] = [];
		let exif: Buffer | undefined;
		let width: number | undefined;
		let height: number | undefined;
		let pos = 2;
		while (pos < bytes.length - 1) {
			if (bytes.readUInt8(pos) !== 0xff) {
				pos++;
				continue;
			}
			const code = bytes.readUInt8(pos + 1);
			if (code === 0xd9) {
				blocks.push('EOI');
				if (pos + 2 < bytes.length) blocks.push('TRAILER');
				break;
			}
			if (code === 0x00 || code === 0xff || (code >= 0xd0 && code <= 0xd7)) {
				pos += code === 0xff ? 1 : 2;
				continue;
			}
			const length = bytes.readUInt16BE(pos + 2);
			const data = bytes.subarray(pos + 4, pos + 2 + length);
			const name = code === 0xfe ? 'COM' : code >= 0xe0 && code <= 0xef ? `APP${code - 0xe0}:${data.toString('latin1', 0, 4)}` : code === 0xda ? 'SOS' : `M${code.toString(16)}`;
			blocks.push(name);
			if (code === 0xe1 && data.toString('latin1', 0, 6) === 'Exif\0\0') exif = data.subarray(6);
			if (code === 0xc0) {
				height = data.readUInt16BE(1);
				width = data.readUInt16BE(3);
			}
			pos += 2 + length;
		}
		return { format: 'jpeg', blocks, exif, width, height };
	}
	if (bytes.toString('latin1', 1, 4) === 'PNG') {
		const blocks: string[] = [];
		let exif: Buffer | undefined;
		let pos = 8;
		while (pos + 8 <= bytes.length) {
			const length = bytes.readUInt32BE(pos);
			const type = bytes.toString('latin1', pos + 4, pos + 8);
			blocks.push(type);
			if (type === 'eXIf') exif = bytes.subarray(pos + 8, pos + 8 + length);
			pos += 12 + length;
			if (type === 'IEND') break;
		}
		if (pos < bytes.length) blocks.push('TRAILER');
		return { format: 'png', blocks, exif, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
	}
	if (bytes.toString('latin1', 0, 4) === 'RIFF') {
		const blocks: string[] = [];
		let exif: Buffer | undefined;
		let pos = 12;
		while (pos + 8 <= bytes.length) {
			const type = bytes.toString('latin1', pos, pos + 4);
			const length = bytes.readUInt32LE(pos + 4);
			blocks.push(type);
			if (type === 'EXIF') exif = bytes.subarray(pos + 8, pos + 8 + length);
			pos += 8 + length + (length & 1);
		}
		return { format: 'webp', blocks, exif };
	}
	if (bytes.toString('latin1', 0, 3) === 'GIF') {
		const blocks: string[] = [];
		const flags = bytes.readUInt8(10);
		let pos = 13 + (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0);
		const skip = (at: number) => {
			while (bytes.readUInt8(at)) at += bytes.readUInt8(at) + 1;
			return at + 1;
		};
		while (pos < bytes.length) {
			const type = bytes.readUInt8(pos);
			if (type === 0x3b) {
				blocks.push('END');
				break;
			}
			if (type === 0x21) {
				const label = bytes.readUInt8(pos + 1);
				blocks.push(label === 0xff ? `APP:${bytes.toString('latin1', pos + 3, pos + 14)}` : `EXT${label.toString(16)}`);
				pos = skip(pos + 2);
			} else if (type === 0x2c) {
				blocks.push('IMAGE');
				const local = bytes.readUInt8(pos + 9);
				pos = skip(pos + 10 + (local & 0x80 ? 3 * (2 << (local & 7)) : 0) + 1);
			} else break;
		}
		return { format: 'gif', blocks };
	}
	return { format: 'unknown', blocks: [] };
}
