import type { AnalysisResult, DeskItem } from '../../api/types';

export interface AnalysisResultProps {
	/** The item's title, named in the heading. */
	title: string;
	/** Null when the item was never analysed (its hash may still be known). */
	result: AnalysisResult | null;
	/** The desk row's perceptual hash (16 hex digits), when the item is an image. */
	imageHash?: DeskItem[ 'image_hash' ];
	/** The rejected item this one looks like, when hashing found one. */
	earlierRejection?: DeskItem[ 'earlier_rejection' ];
	/** Without it the result is part of its row and has no Close button. */
	onClose?: () => void;
}
