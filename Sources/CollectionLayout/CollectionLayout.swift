// CollectionLayout
