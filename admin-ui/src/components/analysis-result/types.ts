import type { AnalysisResult } from '../../api/types';

export interface AnalysisResultProps {
	/** The item's title, named in the heading. */
	title: string;
	result: AnalysisResult;
	onClose: () => void;
}
