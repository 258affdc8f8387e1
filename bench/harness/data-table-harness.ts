// Mounts the real DataTable with N synthetic invoice-like rows, for the UI benchmark
// (bench/ui-bench.ts builds this file into one script with vite).
import { mount, unmount } from 'svelte';
import DataTable from '#renderer/components/DataTable.svelte';
import type { Column } from '#renderer/components/data-table.ts';
import { formatAmount, formatDate } from '#renderer/format.ts';
import '../../src/renderer/src/app.css';

interface Row {
  id: string;
  number: string;
  date: string;
  seller: string;
  buyer: string;
  amount: number;
  state: string;
}

function rows(n: number): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      id: `row-${i}`,
      number: `F2026-${String(i).padStart(6, '0')}`,
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      seller: `Vendeur ${i % 97} SARL`,
      buyer: `Acheteur ${i % 89} SAS`,
      amount: ((i * 7919) % 1_000_000) / 100,
      state: i % 3 ? 'Distribuée' : 'Valide',
    });
  }
  return out;
}

const columns: Column<Row>[] = [
  { id: 'number', label: 'N° facture', width: '9rem', text: (r) => r.number },
  {
    id: 'date',
    label: 'Date',
    width: '7rem',
    text: (r) => formatDate(r.date),
    sortValue: (r) => r.date,
  },
  { id: 'seller', label: 'Vendeur', text: (r) => r.seller },
  { id: 'buyer', label: 'Acheteur', text: (r) => r.buyer },
  {
    id: 'total',
    label: 'Total TTC',
    width: '9rem',
    align: 'end',
    text: (r) => formatAmount(r.amount, 'EUR'),
    sortValue: (r) => r.amount,
  },
  { id: 'state', label: 'État', width: '8rem', text: (r) => r.state },
];

declare global {
  interface Window {
    mountTable(n: number): Promise<{ mountMs: number; renderedRows: number }>;
  }
}

let current: ReturnType<typeof mount> | null = null;
window.mountTable = async (n: number) => {
  if (current) unmount(current);
  const target = document.getElementById('app')!;
  const data = rows(n);
  const started = performance.now();
  current = mount(DataTable, {
    target,
    props: { rows: data, columns, label: 'Table de test', rowKey: (r: Row) => r.id },
  });
  // Two frames: the DOM is built and painted.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return {
    mountMs: performance.now() - started,
    renderedRows: target.querySelectorAll('tbody tr:not(.spacer)').length,
  };
};
