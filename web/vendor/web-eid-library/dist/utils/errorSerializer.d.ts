export declare function serializeError(error: any): any;
export declare function deserializeError(errorObject: any): any;
