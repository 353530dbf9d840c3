// Tables over one page of API results (TanStack Table does the column model). Rows are
// keyboard-reachable: Tab into the table, ↑/↓ or j/k to move, Enter to open. A table wider than
// the page scrolls in a ScrollArea that says so.
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { type KeyboardEvent, useRef } from "react";
import { ScrollArea } from "./ScrollArea";

export interface DataTableProps<T> {
  data: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  rowKey: (row: T) => string;
  onOpen?: (row: T) => void;
  label: string;
  testId?: string;
  rowTestId?: string;
  selected?: string | null;
  /** Extra classes of a row (a breached SLA, say). */
  rowClass?: (row: T) => string | undefined;
}

export function DataTable<T>({ data, columns, rowKey, onOpen, label, testId, rowTestId, selected, rowClass }: DataTableProps<T>) {
  // TanStack Table hands out fresh functions each render; the compiler skips this component, as it should.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowKey });
  const body = useRef<HTMLTableSectionElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: T) {
    const current = event.currentTarget;
    const move = (target: Element | null) => {
      if (target instanceof HTMLElement) {
        event.preventDefault();
        target.focus();
      }
    };
    if (event.key === "ArrowDown" || event.key === "j") move(current.nextElementSibling);
    else if (event.key === "ArrowUp" || event.key === "k") move(current.previousElementSibling);
    else if (event.key === "Home") move(body.current?.firstElementChild ?? null);
    else if (event.key === "End") move(body.current?.lastElementChild ?? null);
    else if (event.key === "Enter" && onOpen) {
      event.preventDefault();
      onOpen(row);
    }
  }

  return (
    <ScrollArea label={label}>
      <table className="data" aria-label={label} data-testid={testId}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" style={{ width: header.column.columnDef.size && header.column.columnDef.size !== 150 ? header.column.columnDef.size : undefined }}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody ref={body}>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              tabIndex={0}
              data-testid={rowTestId}
              aria-selected={selected === row.id ? true : undefined}
              className={[onOpen ? "clickable" : "", rowClass?.(row.original) ?? ""].filter(Boolean).join(" ") || undefined}
              onClick={(e) => {
                // Let links and buttons inside a row do their own thing.
                if (onOpen && !(e.target as HTMLElement).closest("a,button,input,select")) onOpen(row.original);
              }}
              onKeyDown={(e) => onKeyDown(e, row.original)}
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
