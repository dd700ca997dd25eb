public import ArgumentParser
public import Feed

extension WaterfallSettings.Pagination: ExpressibleByArgument {}
