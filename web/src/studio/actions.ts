/** What the studio does with a template: save the draft, revert it, delete the template; with their errors and notice. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { StudioTemplate } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { fieldErrors, type FieldErrors } from '../forms.js';
import type { Draft } from './draft.js';

export function useTemplateActions(template: StudioTemplate, draft: Draft) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState('');
  const save = useMutation({
    mutationFn: () => client.templates.update(template.name, draft.edits),
    onMutate: () => {
      setErrors({});
      setNotice('');
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.template(client.token, template.name), saved);
      void queryClient.invalidateQueries({ queryKey: keys.templateList(client.token) });
      draft.discard();
      setNotice('Saved.');
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const remove = useMutation({
    mutationFn: () => client.templates.remove(template.name),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keys.template(client.token, template.name) });
      void queryClient.invalidateQueries({ queryKey: keys.templateList(client.token) });
      navigate('/templates');
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const revert = () => {
    draft.discard();
    setErrors({});
    setNotice('Reverted to the saved version.');
  };
  return { errors, notice, save, remove, revert };
}

export type TemplateActions = ReturnType<typeof useTemplateActions>;
