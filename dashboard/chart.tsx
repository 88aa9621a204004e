/**
 * A chart.js chart in a canvas, with its figures also as a table for screen readers (a canvas
 * alone says nothing). Colours come from the theme's CSS variables and follow a theme change.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** A theme colour as the canvas needs it: the variable holds light-dark(…), which only a computed style resolves. */
function cssVar(name: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name})`;
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

export function BarChart(props: { label: string; labels: string[]; values: number[]; unit: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const draw = () =>
      new Chart(canvas.current!, {
        type: 'bar',
        data: { labels: props.labels, datasets: [{ label: props.label, data: props.values, backgroundColor: cssVar('--chart'), borderRadius: 4 }] },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { ticks: { color: cssVar('--muted') }, grid: { display: false } },
            y: { beginAtZero: true, ticks: { color: cssVar('--muted') }, grid: { color: cssVar('--border') } },
          },
          plugins: { tooltip: { callbacks: { label: (item) => `${item.formattedValue} ${props.unit}` } } },
        },
      });
    let chart = draw();
    const redraw = () => {
      chart.destroy();
      chart = draw();
    };
    document.addEventListener('themechange', redraw);
    const media = matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', redraw);
    return () => {
      document.removeEventListener('themechange', redraw);
      media.removeEventListener('change', redraw);
      chart.destroy();
    };
  }, [props.labels.join(), props.values.join()]);

  return (
    <figure class="chart-figure">
      <div class="chart">
        <canvas ref={canvas} role="img" aria-label={`${props.label}, as a bar chart; the figures are in the table below.`} />
      </div>
      <table class="visually-hidden">
        <caption>{props.label}</caption>
        <tbody>
          {props.labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>
                {props.values[i]} {props.unit}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
