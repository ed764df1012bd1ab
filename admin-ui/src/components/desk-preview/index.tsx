/**
 * The desk's preview: the item in a modal through its signed URL, as an
 * image, a video or audio player, or a link to the document.
 */
import { Modal, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { DeskItem } from '../../api/types';
import type { Preview } from '../../store/moderation/types';

export interface DeskPreviewProps {
	item: DeskItem;
	preview: Preview;
	onClose: () => void;
}

function Media( { item, url }: { item: DeskItem; url: string } ) {
	const title = item.title || `#${ item.id }`;
	switch ( item.media_type ) {
		case 'image':
			return (
				<img
					className="mvs-desk-preview__media"
					src={ url }
					alt={ title }
				/>
			);
		case 'video':
			return (
				<video
					className="mvs-desk-preview__media"
					src={ url }
					controls
					preload="metadata"
				/>
			);
		case 'audio':
			return <audio src={ url } controls preload="metadata" />;
		default:
			return (
				<a href={ url } target="_blank" rel="noopener noreferrer">
					{ sprintf(
						/* translators: %s: item title. */
						__( 'Open %s', 'media-community-service' ),
						title
					) }
				</a>
			);
	}
}

export function DeskPreview( { item, preview, onClose }: DeskPreviewProps ) {
	const title = item.title || `#${ item.id }`;
	let body = <Spinner />;
	if ( preview.error ) {
		body = (
			<p className="mvs-desk-preview__error" role="alert">
				{ preview.error }
			</p>
		);
	} else if ( preview.url ) {
		body = <Media item={ item } url={ preview.url } />;
	}
	return (
		<Modal
			title={ sprintf(
				/* translators: %s: item title. */
				__( 'Preview of %s', 'media-community-service' ),
				title
			) }
			onRequestClose={ onClose }
			className="mvs-desk-preview"
			size="large"
		>
			<div className="mvs-desk-preview__body">{ body }</div>
			<p className="description">{ item.mime_type }</p>
		</Modal>
	);
}
