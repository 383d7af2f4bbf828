import { useMutation } from '@tanstack/react-query';
import { eraseResponseSchema } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetLastService } from '../../../lib/last-service.ts';
import { storageKeys, writeStored } from '../../../lib/storage-keys.ts';

/**
 * "Forget me" on the checked-in page: the server erases this customer's visits at the business;
 * this phone forgets the name and number it keeps to fill in the next join, and the service it
 * last joined for there.
 */
export function useForgetMe(companyId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`/v1/companies/${encodeURIComponent(companyId)}/forget-me`, eraseResponseSchema, {
        method: 'POST',
        asCustomer: true,
      }),
    onSuccess: () => {
      writeStored('local', storageKeys.userName, null);
      writeStored('local', storageKeys.userPhone, null);
      forgetLastService(companyId);
    },
  });
}
