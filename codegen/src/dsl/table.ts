/**
 * Table declarations. The migration emitter turns them into dbDelta-compatible
 * CREATE TABLE statements (dbDelta's formatting rules are strict: two spaces
 * after PRIMARY KEY, one column per line, KEY not INDEX).
 */

import type { ValueSet } from './values.js';

export type ColumnType =
	| { readonly sql: 'bigint'; readonly unsigned?: boolean }
	| { readonly sql: 'int'; readonly unsigned?: boolean }
	| { readonly sql: 'tinyint' }
	| { readonly sql: 'decimal'; readonly precision: number; readonly scale: number }
	| { readonly sql: 'double' }
	| { readonly sql: 'varchar'; readonly length: number }
	| { readonly sql: 'char'; readonly length: number }
	| { readonly sql: 'text' }
	| { readonly sql: 'longtext' }
	| { readonly sql: 'datetime' };

/**
 * What erasing a member's account does to a column that names the member or
 * holds their personal data. Every such column must say (the model refuses
 * one that does not), so account deletion can prove it leaves nothing behind.
 * - `content`: the member's published content (media, albums): deleted with
 *   its files, or handed to another member when an administrator deletes the
 *   account with "attribute all content to" (WordPress's reassign).
 * - `delete_rows`: every row where the column is the member goes.
 * - `anonymize`: the row stays (others' history depends on it); the column is set to 0.
 * - `with_row`: personal data of the row (text, hashes, tokens) that goes with
 *   the row, so the table must have a `content` or `delete_rows` column.
 * - `keep`: stays as it is, for the stated reason.
 */
export type ErasureAction = 'content' | 'delete_rows' | 'anonymize' | 'with_row' | 'keep';

export interface Erasure {
	readonly action: ErasureAction;
	/** Why, in words for the site owner's privacy documentation. */
	readonly reason: string;
	/**
	 * false: the rows are not the member's own to read (a block of them,
	 * another member's notification of their act, a copy of another row),
	 * so the personal-data export leaves them out (docs/account-erasure.md,
	 * "WordPress's privacy tools"). Erasure is unchanged.
	 */
	readonly exported?: false;
}

export const erase = {
	content: (reason: string): Erasure => ({ action: 'content', reason }),
	rows: (reason: string): Erasure => ({ action: 'delete_rows', reason }),
	anonymize: (reason: string): Erasure => ({ action: 'anonymize', reason }),
	withRow: (reason: string): Erasure => ({ action: 'with_row', reason }),
	keep: (reason: string): Erasure => ({ action: 'keep', reason }),
};

/**
 * What deleting a media item does to a column that references it. Every
 * column named `media_id` or `*_media_id` must say (the model refuses one
 * that does not), and the item's delete plan is generated from it
 * (MVS_<Plugin>_Media_Delete_Plan; docs/generated/media-delete-plan-<plugin>.md).
 * - `cascade`: every row that references the item goes with it.
 * - `detach`: the row stays and the column is set to 0 (no item).
 * - `derived`: rows another writer keeps in step with the item in the same
 *   transaction (named in the reason); the plan leaves them to it.
 * - `keep`: stays as it is, for the stated reason.
 */
export type MediaRefAction = 'cascade' | 'detach' | 'derived' | 'keep';

export interface MediaRef {
	readonly action: MediaRefAction;
	/** Why, for the reader of the generated plan. */
	readonly reason: string;
}

export const onMediaDelete = {
	cascade: (reason: string): MediaRef => ({ action: 'cascade', reason }),
	detach: (reason: string): MediaRef => ({ action: 'detach', reason }),
	derived: (reason: string): MediaRef => ({ action: 'derived', reason }),
	keep: (reason: string): MediaRef => ({ action: 'keep', reason }),
};

export interface ColumnSpec {
	readonly type: ColumnType;
	readonly nullable?: boolean;
	readonly default?: string | number | null;
	readonly autoIncrement?: boolean;
	readonly comment?: string;
	/** Account erasure of a column that names a member or holds personal data (see Erasure). */
	readonly personal?: Erasure;
	/** The closed set of values the column holds (col.enum); its default is one of them or ''. */
	readonly values?: ValueSet;
	/** What deleting the media item this column references does to it (see MediaRef). */
	readonly media?: MediaRef;
}

export interface IndexSpec {
	readonly name: string;
	readonly columns: readonly string[];
	readonly unique?: boolean;
}

export interface TableSpec {
	/** Name without the WordPress prefix, e.g. `mvs_media`. */
	readonly name: string;
	readonly summary: string;
	readonly columns: Readonly<Record<string, ColumnSpec>>;
	readonly primaryKey: readonly string[];
	readonly indexes?: readonly IndexSpec[];
	/**
	 * Plugin release generation that introduced the table, for the reader. The
	 * schema version is not declared: it is derived from the declared shape
	 * (see `schemaVersion()` in emit/php/schema.ts).
	 */
	readonly since: number;
}

export const col = {
	id: (): ColumnSpec => ({ type: { sql: 'bigint', unsigned: true }, autoIncrement: true }),
	bigint: (def: number | null = 0): ColumnSpec => ({ type: { sql: 'bigint', unsigned: true }, default: def }),
	signedInt: (def = 0): ColumnSpec => ({ type: { sql: 'int' }, default: def }),
	uint: (def = 0): ColumnSpec => ({ type: { sql: 'int', unsigned: true }, default: def }),
	bool: (def = 0): ColumnSpec => ({ type: { sql: 'tinyint' }, default: def }),
	/** An IEEE double (REAL on SQLite): for a score kept on a logarithmic scale, never for money or counts. */
	double: (def = 0): ColumnSpec => ({ type: { sql: 'double' }, default: def }),
	decimal: (precision: number, scale: number): ColumnSpec => ({
		type: { sql: 'decimal', precision, scale },
		nullable: true,
		default: null,
	}),
	varchar: (length: number, def: string | null = ''): ColumnSpec => ({
		type: { sql: 'varchar', length },
		...(def === null ? { nullable: true, default: null } : { default: def }),
	}),
	/**
	 * One of a declared value set, stored as varchar, not ENUM: the PHP enums
	 * class and the routes' schemas check the values, and a new value then
	 * needs no ALTER TABLE (see docs/decisions.md, "Closed value sets").
	 */
	enum: (values: ValueSet, def = '', length = 20): ColumnSpec => ({ type: { sql: 'varchar', length }, default: def, values }),
	char: (length: number): ColumnSpec => ({ type: { sql: 'char', length }, default: '' }),
	text: (): ColumnSpec => ({ type: { sql: 'text' }, nullable: true }),
	longtext: (): ColumnSpec => ({ type: { sql: 'longtext' }, nullable: true }),
	datetime: (): ColumnSpec => ({ type: { sql: 'datetime' }, default: '1970-01-01 00:00:00' }),
	nullableDatetime: (): ColumnSpec => ({ type: { sql: 'datetime' }, nullable: true, default: null }),
	nullableBigint: (): ColumnSpec => ({ type: { sql: 'bigint', unsigned: true }, nullable: true, default: null }),
	/** A user ID column, with what erasing that user's account does to it. */
	userId: (erasure: Erasure): ColumnSpec => ({ type: { sql: 'bigint', unsigned: true }, default: 0, personal: erasure }),
	/** A media item ID column (0: none), with what deleting that item does to it. */
	mediaId: (ref: MediaRef): ColumnSpec => ({ type: { sql: 'bigint', unsigned: true }, default: 0, media: ref }),
};

/** `erasure`, left out of the personal-data export (see Erasure.exported). */
export const notExported = (erasure: Erasure): Erasure => ({ ...erasure, exported: false });

/** `column`, classified as personal data (see Erasure). */
export const personal = (column: ColumnSpec, erasure: Erasure): ColumnSpec => ({ ...column, personal: erasure });

export function table(spec: TableSpec): TableSpec {
	return spec;
}

export const key = (name: string, ...columns: string[]): IndexSpec => ({ name, columns });
export const unique = (name: string, ...columns: string[]): IndexSpec => ({ name, columns, unique: true });
