/**
 * Table declarations. The migration emitter turns them into dbDelta-compatible
 * CREATE TABLE statements (dbDelta's formatting rules are strict: two spaces
 * after PRIMARY KEY, one column per line, KEY not INDEX).
 */

export type ColumnType =
	| { readonly sql: 'bigint'; readonly unsigned?: boolean }
	| { readonly sql: 'int'; readonly unsigned?: boolean }
	| { readonly sql: 'tinyint' }
	| { readonly sql: 'decimal'; readonly precision: number; readonly scale: number }
	| { readonly sql: 'varchar'; readonly length: number }
	| { readonly sql: 'char'; readonly length: number }
	| { readonly sql: 'text' }
	| { readonly sql: 'longtext' }
	| { readonly sql: 'datetime' };

export interface ColumnSpec {
	readonly type: ColumnType;
	readonly nullable?: boolean;
	readonly default?: string | number | null;
	readonly autoIncrement?: boolean;
	readonly comment?: string;
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
	decimal: (precision: number, scale: number): ColumnSpec => ({
		type: { sql: 'decimal', precision, scale },
		nullable: true,
		default: null,
	}),
	varchar: (length: number, def: string | null = ''): ColumnSpec => ({
		type: { sql: 'varchar', length },
		...(def === null ? { nullable: true, default: null } : { default: def }),
	}),
	char: (length: number): ColumnSpec => ({ type: { sql: 'char', length }, default: '' }),
	text: (): ColumnSpec => ({ type: { sql: 'text' }, nullable: true }),
	longtext: (): ColumnSpec => ({ type: { sql: 'longtext' }, nullable: true }),
	datetime: (): ColumnSpec => ({ type: { sql: 'datetime' }, default: '1970-01-01 00:00:00' }),
	nullableDatetime: (): ColumnSpec => ({ type: { sql: 'datetime' }, nullable: true, default: null }),
	nullableBigint: (): ColumnSpec => ({ type: { sql: 'bigint', unsigned: true }, nullable: true, default: null }),
};

export function table(spec: TableSpec): TableSpec {
	return spec;
}

export const key = (name: string, ...columns: string[]): IndexSpec => ({ name, columns });
export const unique = (name: string, ...columns: string[]): IndexSpec => ({ name, columns, unique: true });
