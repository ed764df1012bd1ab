export interface MemberPanelProps {
	/** The member whose package and credits are managed. */
	userId: number;
}
