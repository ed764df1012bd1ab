/**
 * Files for the demo community, made at run time: PNGs that look different
 * from each other (a member's colour, a shape, a gradient), and the smallest
 * MP4, MP3 and PDF the upload checks accept (finfo must name their type).
 */
import { zlibSync } from 'fflate';

export type Rgb = readonly [number, number, number];
export type Shape = 'circle' | 'square' | 'triangle' | 'diamond' | 'stripes' | 'rings' | 'cross' | 'waves';
export const SHAPES: readonly Shape[] = ['circle', 'square', 'triangle', 'diamond', 'stripes', 'rings', 'cross', 'waves'];

export interface DemoFile {
	name: string;
	mimeType: string;
	buffer: Uint8Array;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
	let c = 0xffffffff;
	for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(data.length, 0);
	head.write(type, 4, 'latin1');
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
	return Buffer.concat([head, data, crc]);
}

/** Whether pixel (x, y) of a w x h picture lies on `shape`. */
function onShape(shape: Shape, x: number, y: number, w: number, h: number): boolean {
	const cx = w / 2;
	const cy = h / 2;
	const r = Math.min(w, h) * 0.32;
	const dx = x - cx;
	const dy = y - cy;
	switch (shape) {
		case 'circle':
			return dx * dx + dy * dy < r * r;
		case 'square':
			return Math.abs(dx) < r * 0.85 && Math.abs(dy) < r * 0.85;
		case 'triangle':
			return dy < r * 0.8 && dy > -r && Math.abs(dx) < (dy + r) * 0.6;
		case 'diamond':
			return Math.abs(dx) + Math.abs(dy) < r * 1.1;
		case 'stripes':
			return Math.floor((x + y) / 12) % 2 === 0;
		case 'rings':
			return Math.floor(Math.sqrt(dx * dx + dy * dy) / 10) % 2 === 0;
		case 'cross':
			return (Math.abs(dx) < r * 0.3 && Math.abs(dy) < r) || (Math.abs(dy) < r * 0.3 && Math.abs(dx) < r);
		case 'waves':
			return Math.abs(dy - Math.sin(x / 14) * r * 0.6) < r * 0.25;
	}
}

/**
 * A w x h RGB PNG: a vertical gradient of `colour` behind `shape` in its
 * complement. `seed` shifts the gradient, so two pictures never share bytes
 * (the plugin refuses a member's duplicate upload).
 */
export function png(w: number, h: number, colour: Rgb, shape: Shape, seed = 0): DemoFile['buffer'] {
	const raw = Buffer.alloc((w * 3 + 1) * h);
	const ink: Rgb = [255 - colour[0], 255 - colour[1], 255 - colour[2]];
	for (let y = 0; y < h; y++) {
		const row = y * (w * 3 + 1);
		raw[row] = 0; // filter: none
		const shade = 0.55 + (0.45 * ((y + seed * 7) % h)) / h;
		for (let x = 0; x < w; x++) {
			const px = onShape(shape, x, y, w, h) ? ink : ([colour[0] * shade, colour[1] * shade, colour[2] * shade] as const);
			raw.set(px.map((v) => Math.round(v)), row + 1 + x * 3);
		}
	}
	const header = Buffer.alloc(13);
	header.writeUInt32BE(w, 0);
	header.writeUInt32BE(h, 4);
	header[8] = 8; // bit depth
	header[9] = 2; // colour type: RGB
	const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlibSync(raw)), chunk('IEND', new Uint8Array(0))]);
}

/** An MPEG-4 file header (ftyp isom) and an empty media box: finfo says video/mp4. */
export function mp4(name: string, seed: string): DemoFile {
	const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
	const mdat = Buffer.concat([Buffer.from('0000001068646174', 'hex'), Buffer.alloc(8, 0)]);
	return { name, mimeType: 'video/mp4', buffer: Buffer.concat([ftyp, mdat, Buffer.from(seed)]) };
}

/** An ID3v2 tag and three silent MPEG-1 Layer III frames: finfo says audio/mpeg. */
export function mp3(name: string, seed: string): DemoFile {
	const id3 = Buffer.from('49443303000000000000', 'hex');
	const frame = Buffer.concat([Buffer.from('fffb9064', 'hex'), Buffer.alloc(413, 0)]);
	return { name, mimeType: 'audio/mpeg', buffer: Buffer.concat([id3, frame, frame, frame, Buffer.from(seed)]) };
}

/** A one-page PDF saying `text`. */
export function pdf(name: string, text: string): DemoFile {
	const stream = `BT /F1 18 Tf 40 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
	const body = [
		'%PDF-1.4',
		'1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
		'2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
		'3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
		`4 0 obj << /Length ${stream.length} >> stream\n${stream}\nendstream endobj`,
		'5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
		'trailer << /Root 1 0 R >>',
		'%%EOF',
		'',
	].join('\n');
	return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}
