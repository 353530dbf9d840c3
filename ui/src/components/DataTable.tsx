// Tables over one page of API results (TanStack Table does the column model). Rows are
// keyboard-reachable: Tab into the table, ↑/↓ or j/k to move, Enter to open. A table wider than
// the page scrolls in a ScrollArea that says so. Optional: headers that sort on the server (a
// column's `meta.sortKey`), a checkbox per row for bulk actions, and columns that give way on
// narrow screens (`meta.optional`).
import { type ColumnDef, flexRender, getCoreRowModel, type RowData, useReactTable } from "@tanstack/react-table";
import { type KeyboardEvent, useRef } from "react";
import { ScrollArea } from "./ScrollArea";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The server's sort key of this column (the list's `sort` parameter, ascending). */
    sortKey?: string;
    /** Hidden below 1280 px wide, so that the columns that matter stay on screen. */
    optional?: boolean;
  }
}

/** The server-side order: a key and its direction (`-key` is descending). */
export interface TableSort {
  key: string;
  descending: boolean;
  onSort: (key: string, descending: boolean) => void;
}

/** Rows picked for a bulk action, by row key. */
export interface TableSelection {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

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
  sort?: TableSort;
  selection?: TableSelection;
}

export function DataTable<T>({ data, columns, rowKey, onOpen, label, testId, rowTestId, selected, rowClass, sort, selection }: DataTableProps<T>) {
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

  const keys = data.map(rowKey);
  const picked = selection ? keys.filter((k) => selection.selected.has(k)).length : 0;
  function toggle(key: string) {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  }

  return (
    <ScrollArea label={label}>
      <table className="data" aria-label={label} data-testid={testId}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection && (
                <th scope="col" className="select">
                  <input
                    type="checkbox"
                    aria-label="Select every case on this page"
                    checked={keys.length > 0 && picked === keys.length}
                    ref={(el) => {
                      if (el) el.indeterminate = picked > 0 && picked < keys.length;
                    }}
                    onChange={(e) => selection.onChange(e.target.checked ? new Set(keys) : new Set())}
                    data-testid="select-all"
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const active = sort && meta?.sortKey === sort.key;
                const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={meta?.optional ? "optional" : undefined}
                    aria-sort={active ? (sort.descending ? "descending" : "ascending") : undefined}
                    style={{ width: header.column.columnDef.size && header.column.columnDef.size !== 150 ? header.column.columnDef.size : undefined }}
                  >
                    {sort && meta?.sortKey ? (
                      <button
                        type="button"
                        className="sort"
                        onClick={() => sort.onSort(meta.sortKey as string, active ? !sort.descending : false)}
                        title={active ? `Sorted ${sort.descending ? "descending" : "ascending"}: click to reverse` : "Sort by this column"}
                        data-testid={`sort-${meta.sortKey}`}
                      >
                        {content}
                        <span aria-hidden="true" className="sort-mark">
                          {active ? (sort.descending ? "▼" : "▲") : "↕"}
                        </span>
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
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
              {selection && (
                <td className="select">
                  <input type="checkbox" aria-label={`Select ${row.id}`} checked={selection.selected.has(row.id)} onChange={() => toggle(row.id)} data-testid="select-row" />
                </td>
              )}
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cell.column.columnDef.meta?.optional ? "optional" : undefined}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
