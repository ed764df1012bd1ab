/**
 * One chart of the overview: a uPlot series chart over the 30 days, sized
 * to its container (so it fits a 390-px phone). The numbers it draws are
 * also given as text (`summary`) for screen readers.
 */
import { useEffect, useRef } from '@wordpress/element';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
	label: string;
	color: string;
	values: number[];
}

const HEIGHT = 220;

/** Seconds since the epoch of a UTC day, YYYY-MM-DD (uPlot's time axis). */
function dayToSeconds( day: string ): number {
	return Date.parse( `${ day }T00:00:00Z` ) / 1000;
}

export function OverviewChart( {
	title,
	summary,
	days,
	series,
	bars = false,
}: {
	title: string;
	summary: string;
	days: string[];
	series: ChartSeries[];
	bars?: boolean;
} ) {
	const box = useRef< HTMLDivElement >( null );
	useEffect( () => {
		const element = box.current;
		if ( ! element ) {
			return undefined;
		}
		const width = () => Math.max( 240, element.clientWidth || 600 );
		const chart = new uPlot(
			{
				width: width(),
				height: HEIGHT,
				scales: {
					x: { time: true },
					y: {
						range: ( _u, _min, max ) => [ 0, Math.max( 1, max ) ],
					},
				},
				axes: [ {}, { size: 40 } ],
				series: [
					{},
					...series.map( ( one ) => ( {
						label: one.label,
						stroke: one.color,
						fill: bars ? one.color : undefined,
						width: 2,
						paths: bars
							? uPlot.paths.bars?.( { size: [ 0.6 ] } )
							: undefined,
						points: { show: ! bars },
					} ) ),
				],
			},
			[
				days.map( dayToSeconds ),
				...series.map( ( one ) => one.values ),
			],
			element
		);
		const resize = () =>
			chart.setSize( { width: width(), height: HEIGHT } );
		window.addEventListener( 'resize', resize );
		return () => {
			window.removeEventListener( 'resize', resize );
			chart.destroy();
		};
	}, [ days, series, bars ] );
	return (
		<figure className="mvs-overview-chart">
			<figcaption>{ title }</figcaption>
			<div ref={ box } role="img" aria-label={ summary } />
		</figure>
	);
}
