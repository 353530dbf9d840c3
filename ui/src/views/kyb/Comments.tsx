// Comments on a case: internal notes between reviewers (merchants never see them), with
// @mentions of reviewers suggested while typing and highlighted when shown. `c` focuses the field;
// Ctrl+Enter sends.
import { useMutation } from "@tanstack/react-query";
import { type KeyboardEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { post } from "../../api/client";
import { FormError } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { isActive } from "../../lib/accounts";
import { casePath, useCaseChanged, useReviewers } from "./data";
import { insertMention, type Piece, splitMentions, suggestions, typedMention } from "./mentions";
import type { CaseDetail, Comment } from "./types";

export function Comments({ detail }: { detail: CaseDetail }) {
  const reviewers = useReviewers();
  const names = (reviewers.data?.data ?? []).filter(isActive).map((r) => r.name);
  const known = [...names, ...detail.comments.flatMap((c) => c.mentions.map((m) => m.name))];
  return (
    <div className="stack" style={{ gap: 10 }}>
      {detail.comments.length === 0 ? (
        <p className="muted small">No comments yet. Notes here are internal: the merchant never sees them.</p>
      ) : (
        <ol className="comments" data-testid="comments">
          {detail.comments.map((c) => (
            <CommentItem key={c.id} comment={c} names={known} />
          ))}
        </ol>
      )}
      <CommentForm detail={detail} names={names} />
    </div>
  );
}

function CommentItem({ comment, names }: { comment: Comment; names: string[] }) {
  return (
    <li className="comment" data-testid="comment">
      <div className="small">
        <strong>{comment.author.name}</strong> <span className="muted">· <Time value={comment.at} /></span>
      </div>
      <p className="pre-line">
        <Body pieces={splitMentions(comment.body, names)} />
      </p>
    </li>
  );
}

function Body({ pieces }: { pieces: Piece[] }) {
  return (
    <>
      {pieces.map((p, i) =>
        p.mention ? (
          <mark key={i} className="mention" data-testid="mention">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

function CommentForm({ detail, names }: { detail: CaseDetail; names: string[] }) {
  const changed = useCaseChanged();
  const toast = useToast();
  const field = useRef<HTMLTextAreaElement>(null);
  const [body, setBody] = useState("");
  const [caret, setCaret] = useState(0);
  const [choice, setChoice] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const add = useMutation({
    mutationFn: (text: string) => post<Comment>(`${casePath(detail.id)}/comments`, { body: text }),
    onSuccess: (comment) => {
      setBody("");
      toast(comment.mentions.length ? `Comment added; ${comment.mentions.map((m) => m.name).join(", ")} mentioned` : "Comment added");
      changed({ ...detail, comments: [...detail.comments, comment] });
    },
  });
  const typed = typedMention(body, caret);
  const offered = typed && dismissed !== typed.start ? suggestions(typed.query, names) : [];
  const open = offered.length > 0;

  function choose(name: string) {
    if (!typed) return;
    const next = insertMention(body, typed.start, caret, name);
    // The field shows the new text at once, so that the caret lands after the name before the next key.
    flushSync(() => {
      setBody(next.text);
      setCaret(next.caret);
      setChoice(0);
    });
    field.current?.focus();
    field.current?.setSelectionRange(next.caret, next.caret);
  }
  function send() {
    if (body.trim() && !add.isPending) add.mutate(body.trim());
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
      return;
    }
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setChoice((c) => (c + (event.key === "ArrowDown" ? 1 : -1) + offered.length) % offered.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      const name = offered[Math.min(choice, offered.length - 1)];
      if (name) choose(name);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(typed?.start ?? null);
    }
  }

  return (
    <form
      className="stack comment-form"
      style={{ gap: 6 }}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label>
        Comment <span className="muted small">(internal; @ to mention a reviewer; Ctrl+Enter sends)</span>
        <textarea
          ref={field}
          value={body}
          rows={3}
          maxLength={4000}
          onChange={(e) => {
            setBody(e.target.value);
            setCaret(e.target.selectionStart);
            setChoice(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={open}
          aria-controls="mention-options"
          aria-autocomplete="list"
          aria-activedescendant={open ? `mention-${Math.min(choice, offered.length - 1)}` : undefined}
          placeholder="What you found, what to check next. @Name notifies a reviewer."
          data-shortcut="comment"
          data-testid="comment-body"
        />
      </label>
      {open && (
        <ul className="mention-options" id="mention-options" role="listbox" aria-label="Reviewers to mention" data-testid="mention-options">
          {offered.map((name, i) => (
            <li
              key={name}
              id={`mention-${i}`}
              role="option"
              aria-selected={i === Math.min(choice, offered.length - 1)}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(name);
              }}
            >
              @{name}
            </li>
          ))}
        </ul>
      )}
      <FormError error={add.error} />
      <div className="actions">
        <button type="submit" disabled={add.isPending || !body.trim()} data-testid="comment-submit">
          Add comment
        </button>
      </div>
    </form>
  );
}
