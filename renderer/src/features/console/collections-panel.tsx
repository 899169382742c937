import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useUi } from '../../app/ui-store';
import type { Collection, SavedRequest } from './collection-model';
import { useCollections } from './collections-store';
import { rowsFromRecord, useConsoleStore } from './console-store';
import { importPostmanText, toPostmanCollection } from './postman-collection';
import { saveFile } from '../../components/save-file';

const fileName = (name: string) =>
  `${name.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '') || 'collection'}.postman_collection.json`;

/** Opens a saved request in a tab (or shows the tab it is already open in). */
export function openSaved(collection: Collection, request: SavedRequest): void {
  useConsoleStore.getState().openTab({
    request: {
      method: request.method,
      path: request.path,
      headers: rowsFromRecord(request.headers),
      body: request.body,
      anonymous: false,
    },
    captures: request.captures,
    saved: { collectionId: collection.id, requestId: request.id, name: request.name },
  });
}

/** Collections of saved requests: open one in a tab, import and export Postman v2.1 files. */
export function CollectionsPanel({ baseUrl }: { baseUrl: string | undefined }) {
  const collections = useCollections((s) => s.collections);
  const variables = useCollections((s) => s.variables);
  const addCollection = useCollections((s) => s.addCollection);
  const removeCollection = useCollections((s) => s.removeCollection);
  const renameCollection = useCollections((s) => s.renameCollection);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | undefined>();
  const removeRequest = useCollections((s) => s.removeRequest);
  const importCollection = useCollections((s) => s.importCollection);
  const notify = useUi((s) => s.notify);
  const fileInput = useRef<HTMLInputElement>(null);
  const [importError, setImportError] = useState<string | undefined>();
  const [confirmDelete, setConfirmDelete] = useState<string | undefined>();

  const importFile = async (file: File) => {
    setImportError(undefined);
    const imported = importPostmanText(await file.text());
    if (!imported.ok) return setImportError(`${file.name}: ${imported.error}`);
    const kept = importCollection(imported.collection, imported.variables);
    const notes = [
      ...imported.warnings,
      ...(kept.length > 0 ? [`Kept your values of ${kept.join(', ')}.`] : []),
    ];
    notify(
      `Imported "${imported.collection.name}": ${imported.collection.requests.length} request${imported.collection.requests.length === 1 ? '' : 's'}.${notes.length > 0 ? ` ${notes.join(' ')}` : ''}`,
      notes.length > 0 ? 'warning' : 'success',
    );
  };

  return (
    <Box data-testid="console-collections">
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          size="small"
          onClick={() => addCollection(`Collection ${collections.length + 1}`)}
          data-testid="console-new-collection"
        >
          New collection
        </Button>
        <Button size="small" onClick={() => fileInput.current?.click()} data-testid="console-import">
          Import Postman v2.1
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="console-import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </Stack>
      {importError ? (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          onClose={() => setImportError(undefined)}
          data-testid="console-import-error"
        >
          {importError}
        </Alert>
      ) : null}
      {collections.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No collections yet. Save the request of a tab, or import a Postman collection.
        </Typography>
      ) : (
        collections.map((collection) => (
          <Box
            key={collection.id}
            sx={{ mb: 1.5 }}
            data-testid="console-collection"
            data-name={collection.name}
          >
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              {renaming?.id === collection.id ? (
                <TextField
                  size="small"
                  autoFocus
                  value={renaming.name}
                  onChange={(e) => setRenaming({ id: collection.id, name: e.target.value })}
                  onBlur={() => {
                    renameCollection(collection.id, renaming.name);
                    setRenaming(undefined);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
                    if (e.key === 'Escape') setRenaming(undefined);
                  }}
                  slotProps={{
                    htmlInput: {
                      'aria-label': 'Collection name',
                      'data-testid': 'console-collection-name',
                      maxLength: 120,
                    },
                  }}
                  sx={{ flexGrow: 1, minWidth: 0, '& input': { py: 0.5 } }}
                />
              ) : (
                <Typography
                  variant="subtitle2"
                  sx={{ flexGrow: 1, minWidth: 0, cursor: 'text' }}
                  noWrap
                  title={`${collection.name} (click to rename)`}
                  onClick={() => setRenaming({ id: collection.id, name: collection.name })}
                >
                  {collection.name}
                </Typography>
              )}
              <Button
                size="small"
                onClick={() =>
                  saveFile(
                    fileName(collection.name),
                    [JSON.stringify(toPostmanCollection(collection, variables, baseUrl ?? ''), null, 2)],
                    'application/json',
                  )
                }
                data-testid="console-export"
                title="Download as a Postman collection v2.1"
              >
                Export
              </Button>
              {confirmDelete === collection.id ? (
                <Button
                  size="small"
                  color="error"
                  onClick={() => removeCollection(collection.id)}
                  data-testid="console-delete-collection-confirm"
                >
                  Delete?
                </Button>
              ) : (
                <Button size="small" color="inherit" onClick={() => setConfirmDelete(collection.id)}>
                  Delete
                </Button>
              )}
            </Stack>
            {collection.requests.length === 0 ? (
              <Typography variant="caption" color="text.secondary">
                Empty: save a tab's request here.
              </Typography>
            ) : (
              <List dense disablePadding>
                {collection.requests.map((request) => (
                  <ListItemButton
                    key={request.id}
                    onClick={() => openSaved(collection, request)}
                    data-testid="console-saved-request"
                    data-name={request.name}
                    sx={{ gap: 1, borderRadius: 1, pr: 0.5 }}
                  >
                    <Typography
                      variant="caption"
                      sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700, minWidth: 44 }}
                    >
                      {request.method}
                    </Typography>
                    <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }} title={request.path}>
                      {request.name}
                    </Typography>
                    <IconButton
                      size="small"
                      aria-label={`Remove ${request.name}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        removeRequest(collection.id, request.id);
                      }}
                    >
                      ×
                    </IconButton>
                  </ListItemButton>
                ))}
              </List>
            )}
          </Box>
        ))
      )}
    </Box>
  );
}
