import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { IdentitySchemas, Profile } from '@/types/api';
import { ownApplicationQueryOptions } from './get-own-application';
import { profileQueryOptions } from './get-profile';

/** The fields the server changes (city, idCode and address); anything else sent is ignored. */
export type UpdateProfileInput = IdentitySchemas['ProfileUpdate'];

/** PUT /api/profile */
export function updateProfile(body: UpdateProfileInput): Promise<Profile> {
  return apiJson<Profile>('PUT', '/api/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      const { queryKey } = profileQueryOptions();
      queryClient.setQueryData(queryKey, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        // The application's copy of the profile follows (it is updated from identity's event).
        queryClient.invalidateQueries({ queryKey: ownApplicationQueryOptions().queryKey }),
      ]);
    },
  });
}
