import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RegistryProvider } from '@wordpress/data';
import { store as noticesStore } from '@wordpress/notices';
import { freshRegistry } from '../../../testing';
import { Notices } from '..';

describe( 'Notices', () => {
	it( 'shows its context only: errors as dismissible notices, snackbars apart', () => {
		const registry = freshRegistry();
		const notices = registry.dispatch( noticesStore );
		void notices.createErrorNotice( 'It failed.', { context: 'mine' } );
		void notices.createSuccessNotice( 'It worked.', {
			context: 'mine',
			type: 'snackbar',
		} );
		void notices.createErrorNotice( 'Someone else’s.', {
			context: 'other',
		} );
		const { container } = render(
			<RegistryProvider value={ registry as never }>
				<Notices context="mine" />
			</RegistryProvider>
		);
		expect(
			container.querySelector( '.components-notice.is-error' )
				?.textContent
		).toContain( 'It failed.' );
		expect(
			container.querySelector( '.components-snackbar' )?.textContent
		).toContain( 'It worked.' );
		expect( screen.queryByText( 'Someone else’s.' ) ).toBeNull();

		act( () => {
			fireEvent.click(
				within(
					container.querySelector< HTMLElement >(
						'.components-notice.is-error'
					)!
				).getByRole( 'button' )
			);
		} );
		expect(
			registry
				.select( noticesStore )
				.getNotices( 'mine' )
				.map( ( notice ) => notice.content )
		).toEqual( [ 'It worked.' ] );
		expect(
			container.querySelector( '.components-notice.is-error' )
		).toBeNull();
	} );

	it( 'collapses notices of one status into the latest, and dismisses them together', () => {
		const registry = freshRegistry();
		const notices = registry.dispatch( noticesStore );
		for ( const message of [ 'First.', 'Second.', 'Third.' ] ) {
			void notices.createErrorNotice( message, { context: 'mine' } );
		}
		const { container } = render(
			<RegistryProvider value={ registry as never }>
				<Notices context="mine" />
			</RegistryProvider>
		);
		const shown = container.querySelectorAll( '.components-notice' );
		expect( shown ).toHaveLength( 1 );
		expect( shown[ 0 ]!.textContent ).toContain( 'Third. (2 more)' );
		act( () => {
			fireEvent.click(
				within( shown[ 0 ] as HTMLElement ).getByRole( 'button' )
			);
		} );
		expect( registry.select( noticesStore ).getNotices( 'mine' ) ).toEqual(
			[]
		);
	} );
} );
