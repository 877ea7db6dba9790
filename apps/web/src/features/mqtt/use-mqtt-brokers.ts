import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  limits,
  type MqttBroker,
  type MqttBrokerCreateInput,
  type MqttBrokerPatchInput,
  type MqttConnectionTestInput,
  type MqttConnectionTestResult,
} from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

const listKey = ['MqttBrokerList'] as const;

export function useMqttBrokers() {
  return useQuery({
    queryKey: listKey,
    queryFn: () =>
      apiData<MqttBroker[]>('MqttBrokerList', { query: { fields: '*', 'page-size': limits.pageSizeMax } }),
  });
}

function useInvalidatingMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function useCreateMqttBroker() {
  return useInvalidatingMutation((input: MqttBrokerCreateInput) =>
    apiData<MqttBroker>('MqttBrokerList', { method: 'POST', body: input }),
  );
}

export function useUpdateMqttBroker() {
  return useInvalidatingMutation(
    ({ publicId, changes }: { publicId: string; changes: MqttBrokerPatchInput }) =>
      apiData<MqttBroker>('MqttBroker', { method: 'PATCH', params: { publicId }, body: changes }),
  );
}

export function useDeleteMqttBroker() {
  return useInvalidatingMutation((publicId: string) =>
    apiData<{ publicId: string }>('MqttBroker', { method: 'DELETE', params: { publicId } }),
  );
}

/** Connects to a saved broker with its stored settings. */
export function useTestSavedBroker() {
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<MqttConnectionTestResult>('MqttBrokerConnectionTest', { method: 'POST', params: { publicId } }),
  });
}

/** Connects with settings that are not saved yet (the add and edit dialog). */
export function useTestBrokerSettings() {
  return useMutation({
    mutationFn: (settings: MqttConnectionTestInput) =>
      apiData<MqttConnectionTestResult>('MqttBrokerConnectionTestList', { method: 'POST', body: settings }),
  });
}
