import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

interface SearchFieldProps {
  id: string;
  /** The search the list applies (from the URL). */
  value: string;
  /** Called once typing pauses (`debounceMs`), or at once on Enter, with a search that differs from `value`. */
  onSearch: (search: string) => void;
  placeholder: string;
  maxLength: number;
  label?: string;
  debounceMs?: number;
}

/**
 * A list's text search kept in the URL: the box holds what is being typed, the list gets it once
 * typing pauses (one request, not one per key) or on Enter, and the box follows when the URL's
 * search changes from outside ('Limpar filtros', the back button).
 */
export function SearchField({ id, value, onSearch, placeholder, maxLength, label = 'Buscar', debounceMs = 300 }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, debounceMs);
  const lastDebounced = useRef(debounced);
  const [seenValue, setSeenValue] = useState(value);

  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== debounced) setText(value);
  }

  useEffect(() => {
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced.trim() !== value.trim()) onSearch(debounced);
  }, [debounced, value, onSearch]);

  return (
    <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          className="pl-8"
          placeholder={placeholder}
          maxLength={maxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && text.trim() !== value.trim()) onSearch(text);
          }}
        />
      </div>
    </div>
  );
}
