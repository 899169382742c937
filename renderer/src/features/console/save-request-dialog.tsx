import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { newId, type SavedRequest } from './collection-model';
import { useCollections } from './collections-store';
import { recordFromRows, useConsoleStore, type ConsoleTab } from './console-store';
import { DialogButtons } from '../../components/dialog-buttons';
import { SelectField } from '../../components/select-field';

const NEW = '__new__';

/** The tab's request as a saved one (the same id when it overwrites). */
export function savedFromTab(tab: ConsoleTab, name: string, id: string = newId()): SavedRequest {
  return {
    id,
    name,
    method: tab.request.method,
    path: tab.request.path,
    headers: recordFromRows(tab.request.headers),
    body: tab.request.body,
    captures: tab.captures.filter((c) => c.variable !== '' && c.path !== ''),
  };
}

/** "Save as": a name and a collection (an existing one, or a new one named here). */
export function SaveRequestDialog({
  tab,
  suggestedName,
  onClose,
}: {
  tab: ConsoleTab;
  suggestedName: string;
  onClose(): void;
}) {
  const collections = useCollections((s) => s.collections);
  const addCollection = useCollections((s) => s.addCollection);
  const saveRequest = useCollections((s) => s.saveRequest);
  const markSaved = useConsoleStore((s) => s.markSaved);
  const [name, setName] = useState(tab.saved?.name ?? suggestedName);
  const [target, setTarget] = useState(tab.saved?.collectionId ?? collections[0]?.id ?? NEW);
  const [newName, setNewName] = useState('My requests');

  const save = () => {
    if (name.trim() === '') return;
    const collection = target === NEW ? addCollection(newName) : collections.find((c) => c.id === target);
    if (!collection) return;
    const saved = savedFromTab(tab, name.trim());
    saveRequest(collection.id, saved);
    markSaved(tab.id, { collectionId: collection.id, requestId: saved.id, name: saved.name });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="console-save-dialog">
      <DialogTitle>Save request</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            size="small"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={name.trim() === ''}
            helperText={name.trim() === '' ? 'A name, to find it in its collection' : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'console-save-name', maxLength: 120 } }}
            autoFocus
          />
          <SelectField
            native
            label="Collection"
            value={target}
            onChange={setTarget}
            choices={[
              ...collections.map((c) => ({ value: c.id, label: c.name })),
              { value: NEW, label: 'New collection…' },
            ]}
            testId="console-save-collection"
          />
          {target === NEW ? (
            <TextField
              label="New collection's name"
              size="small"
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'console-save-new-collection', maxLength: 120 } }}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel="Save"
        disabled={name.trim() === ''}
        onSubmit={save}
        testId="console-save-confirm"
      />
    </Dialog>
  );
}
