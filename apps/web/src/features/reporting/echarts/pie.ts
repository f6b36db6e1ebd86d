// The pie chart alone, its own chunk: fetched with the first pie (Chart.tsx, LAZY_SERIES).
export { PieChart } from 'echarts/charts';
