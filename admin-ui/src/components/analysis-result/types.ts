import type { AnalysisResult } from '../../api/types';

export interface AnalysisResultProps {
	/** The item's title, named in the heading. */
	title: string;
	result: AnalysisResult;
	/** Without it the result is part of its row and has no Close button. */
	onClose?: () => void;
}
