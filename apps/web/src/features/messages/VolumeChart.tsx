import { useMemo } from 'react';
import dayjs from 'dayjs';
import { Chart, type EChartsOption } from '../reporting/Chart';
import type { ConversationAnalytics } from './api';
import { channelLabel } from './ui';
import { showDate } from '../reporting/display';

const CHANNEL_COLORS: Record<string, string> = {
  facebook: '#1877f2',
  instagram: '#c13584',
  google: '#34a853',
  whatsapp: '#25d366',
  twitter: '#0f1419',
};

/** Every day of the period, so quiet days show as gaps rather than being skipped. */
function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = dayjs(from); !d.isAfter(dayjs(to), 'day'); d = d.add(1, 'day')) out.push(d.format('YYYY-MM-DD'));
  return out;
}

/** Messages (received and sent) per day, one stacked bar colour per channel. Its own chunk: charts load with this page only. */
export default function VolumeChart({
  volume,
  from,
  to,
}: {
  volume: ConversationAnalytics['volume'];
  from: string;
  to: string;
}) {
  const option = useMemo<EChartsOption>(() => {
    const axis = days(from, to);
    const channels = [...new Set(volume.map((v) => v.channel))];
    const at = new Map(volume.map((v) => [`${v.date.slice(0, 10)}:${v.channel}`, v.inbound + v.outbound]));
    const label = { color: '#64748b', fontSize: 11 };
    return {
      grid: { left: 8, right: 12, top: 40, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: '#475569' } },
      xAxis: { type: 'category', data: axis.map((d) => showDate(d, 'monthDay')), axisLabel: label },
      yAxis: { type: 'value', axisLabel: label, splitLine: { lineStyle: { color: '#eef2f7' } }, minInterval: 1 },
      series: channels.map((c) => ({
        name: channelLabel(c),
        type: 'bar',
        stack: 'volume',
        barMaxWidth: 22,
        itemStyle: { color: CHANNEL_COLORS[c] ?? '#94a3b8' },
        data: axis.map((d) => at.get(`${d}:${c}`) ?? 0),
      })),
    };
  }, [volume, from, to]);
  return <Chart option={option} height={300} testId="volume-chart" />;
}
