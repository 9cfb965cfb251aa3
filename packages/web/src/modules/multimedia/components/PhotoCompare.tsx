import * as React from 'react';
import { formatDateTime, type VisitMultimediaDto } from '@klinik/shared';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

/** The photos one label can compare, oldest first; default before = oldest, after = newest. */
export function comparePair(photos: VisitMultimediaDto[], label: number | null) {
  const same = photos
    .filter((p) => p.label === label && p.status === 1)
    .sort((a, b) => a.upload_at.localeCompare(b.upload_at) || a.id - b.id);
  return { same, before: same[0] ?? null, after: same.length > 1 ? same[same.length - 1] : null };
}

/**
 * Before/after of two photos of one patient and label: side by side, or one over the other with a slider that
 * uncovers the 'after' photo.
 */
export function PhotoCompare({ photos, labels }: { photos: VisitMultimediaDto[]; labels: [number, string][] }) {
  const [label, setLabel] = React.useState<number | null>(labels[0]?.[0] ?? null);
  const pair = comparePair(photos, label);
  const [beforeId, setBeforeId] = React.useState<number | null>(null);
  const [afterId, setAfterId] = React.useState<number | null>(null);
  const [mode, setMode] = React.useState<'side' | 'slider'>('side');
  const [split, setSplit] = React.useState(50);
  React.useEffect(() => {
    setBeforeId(null);
    setAfterId(null);
  }, [label]);
  const before = pair.same.find((p) => p.id === beforeId) ?? pair.before;
  const after = pair.same.find((p) => p.id === afterId) ?? pair.after;
  const option = (p: VisitMultimediaDto) => (
    <SelectItem key={p.id} value={String(p.id)}>
      {formatDateTime(p.upload_at)} · {p.visitdata.code}
    </SelectItem>
  );

  return (
    <div className="grid gap-3" data-testid="photo-compare">
      <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
        <div className="grid gap-1.5">
          <Label>Label</Label>
          <Select value={label === null ? '' : String(label)} onValueChange={(v) => setLabel(Number(v))}>
            <SelectTrigger className="w-full" aria-label="Label perbandingan">
              <SelectValue placeholder="Pilih label" />
            </SelectTrigger>
            <SelectContent>
              {labels.map(([id, name]) => (
                <SelectItem key={id} value={String(id)}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label>Sebelum</Label>
          <Select value={before ? String(before.id) : ''} onValueChange={(v) => setBeforeId(Number(v))}>
            <SelectTrigger className="w-full" aria-label="Foto sebelum">
              <SelectValue placeholder="-" />
            </SelectTrigger>
            <SelectContent>{pair.same.map(option)}</SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label>Sesudah</Label>
          <Select value={after ? String(after.id) : ''} onValueChange={(v) => setAfterId(Number(v))}>
            <SelectTrigger className="w-full" aria-label="Foto sesudah">
              <SelectValue placeholder="-" />
            </SelectTrigger>
            <SelectContent>{pair.same.map(option)}</SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label>Tampilan</Label>
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              variant={mode === 'side' ? 'default' : 'outline'}
              onClick={() => setMode('side')}
            >
              Berdampingan
            </Button>
            <Button
              type="button"
              size="sm"
              variant={mode === 'slider' ? 'default' : 'outline'}
              onClick={() => setMode('slider')}
            >
              Geser
            </Button>
          </div>
        </div>
      </div>
      {!before || !after ? (
        <p className="text-sm text-muted-foreground">
          Perlu sedikitnya dua foto dengan label yang sama untuk dibandingkan.
        </p>
      ) : mode === 'side' ? (
        <div className="mx-auto grid w-full max-w-3xl grid-cols-2 gap-2">
          {[
            ['Sebelum', before],
            ['Sesudah', after],
          ].map(([title, p]) => {
            const photo = p as VisitMultimediaDto;
            return (
              <figure key={title as string} className="grid gap-1">
                <img
                  src={photo.photourl}
                  alt={`${title as string} ${photo.labelname ?? ''}`}
                  className="aspect-[3/4] w-full rounded-md bg-muted object-contain"
                />
                <figcaption className="text-center text-xs text-muted-foreground">
                  {title as string} · {formatDateTime(photo.upload_at)}
                </figcaption>
              </figure>
            );
          })}
        </div>
      ) : (
        <div className="grid gap-2">
          <div className="relative mx-auto aspect-[3/4] w-full max-w-md overflow-hidden rounded-md bg-muted">
            <img src={before.photourl} alt="Sebelum" className="absolute inset-0 size-full object-contain" />
            <img
              src={after.photourl}
              alt="Sesudah"
              className="absolute inset-0 size-full object-contain"
              style={{ clipPath: `inset(0 0 0 ${split}%)` }}
            />
            <div className="absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${split}%` }} aria-hidden />
          </div>
          <input
            type="range"
            min={0}
            max={100}
            value={split}
            onChange={(e) => setSplit(Number(e.target.value))}
            aria-label="Geser sebelum/sesudah"
            className="mx-auto w-full max-w-md"
          />
          <p className="text-center text-xs text-muted-foreground">
            Kiri: sebelum ({formatDateTime(before.upload_at)}) · Kanan: sesudah ({formatDateTime(after.upload_at)})
          </p>
        </div>
      )}
    </div>
  );
}
