import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { OwnApplication, Profile } from '../types';

export const OWN_APPLICATION_KEY = ['/api/application'] as const;
export const PROFILE_KEY = ['/api/profile'] as const;

/** The applicant's own application, its status updates and company (spec §7). */
export function useOwnApplication() {
  return useQuery<OwnApplication>({ queryKey: OWN_APPLICATION_KEY });
}

/** The signed-in user's profile; a 401 is an error here, not a redirect (spec §7). */
export function useProfile() {
  return useQuery<Profile>({ queryKey: PROFILE_KEY });
}

/** PUT /api/profile with the edited profile; the server changes only city, idCode and address. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: Profile) => apiJson<Profile>('PUT', '/api/profile', profile),
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
        // The application's copy of the profile follows (it is updated from identity's event).
        queryClient.invalidateQueries({ queryKey: OWN_APPLICATION_KEY }),
      ]);
    },
  });
}
