/**
 * Small valid audio and video files whose type libmagic reports under an
 * alias (audio/x-wav, audio/x-m4a, ...), built in memory. Each call differs
 * in its last bytes, so duplicate detection never interferes.
 */
import type { MvsFile } from '../../codegen/out/client';

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
