import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { DeskItem } from '../../../api/types';
import { DeskPreview } from '..';

const item = ( type: string ) =>
	( {
		id: 5,
		title: 'Sunset',
		media_type: type,
		mime_type: 'x/y',
	} ) as unknown as DeskItem;
const signed = { id: 5, url: 'https://example.test/serve?s=1', error: null };

describe( 'DeskPreview', () => {
	it( 'shows an image, a player or a document link by media type', () => {
		const { container, unmount } = render(
			<DeskPreview
				item={ item( 'image' ) }
				preview={ signed }
				onClose={ jest.fn() }
			/>
		);
		expect(
			screen.getByRole( 'dialog', { name: 'Preview of Sunset' } )
		).toBeTruthy();
		expect(
			screen.getByRole( 'img', { name: 'Sunset' } ).getAttribute( 'src' )
		).toBe( signed.url );
		unmount();
		render(
			<DeskPreview
				item={ item( 'video' ) }
				preview={ signed }
				onClose={ jest.fn() }
			/>
		);
		expect(
			document.body
				.querySelector( 'video[controls]' )
				?.getAttribute( 'src' )
		).toBe( signed.url );
		expect( container ).toBeTruthy();
	} );

	it( 'links a document, and says why when there is no URL', () => {
		const { rerender } = render(
			<DeskPreview
				item={ item( 'document' ) }
				preview={ signed }
				onClose={ jest.fn() }
			/>
		);
		expect(
			screen
				.getByRole( 'link', { name: 'Open Sunset' } )
				.getAttribute( 'href' )
		).toBe( signed.url );
		rerender(
			<DeskPreview
				item={ item( 'audio' ) }
				preview={ { id: 5, url: null, error: 'Gone.' } }
				onClose={ jest.fn() }
			/>
		);
		expect( screen.getByRole( 'alert' ).textContent ).toBe( 'Gone.' );
	} );
} );
