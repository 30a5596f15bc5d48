/**
 * ECharts for the browser: only the charts and components a visual uses (tree-shaken `echarts/core`), drawn
 * with the SVG renderer, as on the server. Loaded only by the chunks that draw charts. The aria component is
 * left out: the chart element carries its own accessible name and a data table for screen readers.
 */
import { BarChart, CustomChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GraphicComponent, GridComponent, LegendPlainComponent, TitleComponent, VisualMapContinuousComponent } from 'echarts/components';
import { init, use as registerParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

registerParts([BarChart, LineChart, PieChart, HeatmapChart, CustomChart, GridComponent, TitleComponent, LegendPlainComponent, VisualMapContinuousComponent, GraphicComponent, SVGRenderer]);

export { init };
