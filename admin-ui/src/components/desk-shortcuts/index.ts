/**
 * The desk's keyboard shortcuts (j/k, a, r, o or Enter, ? or h): one keydown
 * listener on the document. A small hook rather than useKeyboardShortcut of
 * the compose package: that one is only a transitive dependency here (and
 * the keyboard-shortcuts package is not installed), and the rules (never
 * while typing or while a dialog is open, Enter only on a row) are the
 * desk's own.
 */
import { useEffect, useRef } from '@wordpress/element';

export type DeskShortcut =
	'next' | 'previous' | 'approve' | 'reject' | 'open' | 'help';

const KEYS: Record< string, DeskShortcut > = {
	j: 'next',
	k: 'previous',
	a: 'approve',
	r: 'reject',
	o: 'open',
	'?': 'help',
	h: 'help',
};

/** Whether a key press belongs to something else: a field, a dialog, a modifier. */
export function isIgnored( event: KeyboardEvent ): boolean {
	if (
		event.ctrlKey ||
		event.metaKey ||
		event.altKey ||
		event.defaultPrevented
	) {
		return true;
	}
	const target = event.target as HTMLElement | null;
	if (
		target &&
		( target.isContentEditable ||
			[ 'INPUT', 'TEXTAREA', 'SELECT' ].includes( target.tagName ) )
	) {
		return true;
	}
	return null !== document.querySelector( '.components-modal__frame' );
}

/** The shortcut a key press asks for; Enter only on a row or the page, never on a button or link. */
export function shortcutOf( event: KeyboardEvent ): DeskShortcut | null {
	if ( isIgnored( event ) ) {
		return null;
	}
	if ( 'Enter' === event.key ) {
		const target = event.target as HTMLElement | null;
		return ! target || target === document.body || 'TR' === target.tagName
			? 'open'
			: null;
	}
	return KEYS[ event.key ] ?? null;
}

/** Calls `onShortcut` for each shortcut pressed while the component is mounted. */
export function useDeskShortcuts(
	onShortcut: ( shortcut: DeskShortcut ) => void
): void {
	const handler = useRef( onShortcut );
	handler.current = onShortcut;
	useEffect( () => {
		const listener = ( event: KeyboardEvent ) => {
			const shortcut = shortcutOf( event );
			if ( shortcut ) {
				event.preventDefault();
				handler.current( shortcut );
			}
		};
		document.addEventListener( 'keydown', listener );
		return () => document.removeEventListener( 'keydown', listener );
	}, [] );
}
