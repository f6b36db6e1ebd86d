// The gauge alone, its own chunk: fetched with the first gauge (Chart.tsx, LAZY_SERIES).
export { GaugeChart } from 'echarts/charts';
